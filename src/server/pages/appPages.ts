/**
 * The parents' app pages: the built index.html, written for each request.
 *
 * - A screen anyone may see is rendered here (the build's server renderer, DIST_DIR/.ssr/entry.js,
 *   src/ssr/renderPage.tsx) in the visitor's language and variants, with the data it shows,
 *   and hydrated in the browser: the page is there before any script runs.
 * - Every page has exactly its own chunks (the screen's and its on-demand blocks', with their
 *   CSS): preloaded in its head, or, on a server-rendered page, asked for by the entry once it
 *   runs (`modulePreloads`). It tells the browser which files the screens it leads to need
 *   (src/runtime/prefetch.ts fetches them when idle).
 * - A page the server does not render (private, a redirect), a build without the renderer, or a
 *   renderer that fails gets the shell with its language and title: the browser renders it,
 *   as before. A parent never gets a blank page from here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHttpBackend } from '../../adapters/backend/backend.ts';
import { API_PREFIX } from '../../contract/wire.ts';
import { escapeHtml } from '../../domain/html.ts';
import { FUNNEL_PAGES_FILE, type FunnelPages } from '../../generators/pages/funnelPages.ts';
import { PAGE_ASSETS_ID, type PageAssets } from '../../runtime/pageAssets.ts';
import { PAGE_STATE_ID, scriptJson } from '../../ssr/pageState.ts';
import type { PageRequest, RenderedPage } from '../../ssr/renderPage.tsx';
import { ENTRY_AFTER_PAINT } from './entryAfterPaint.ts';
import { blockChunkKey, entryKey, MANIFEST_FILE, type Manifest, screenChunkKey, withStaticImports } from './manifest.ts';

interface ServerRenderer {
  render(request: PageRequest): Promise<RenderedPage>;
}

export const RENDERER_FILE = '.ssr/entry.js';

const readJson = <T>(file: string): T | null => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null);

/**
 * A phone or tablet, by its Client Hint or its User-Agent (an emulated phone may send a
 * desktop's hint with a phone's User-Agent): the plan cards' order depends on it.
 */
export const mobileRequest = (headers: FastifyRequest['headers']): boolean =>
  headers['sec-ch-ua-mobile'] === '?1' || /Mobi|Android|iPhone|iPad|iPod/i.test(headers['user-agent'] ?? '');

/**
 * A headless browser (tests, Lighthouse) or a crawler, by its User-Agent: rendered with every
 * flag's default, as the browser shows a robot (`navigator.webdriver`), so both draw the same page.
 */
export const robotRequest = (headers: FastifyRequest['headers']): boolean =>
  /HeadlessChrome|Chrome-Lighthouse|bot\b|crawler|spider/i.test(headers['user-agent'] ?? '');

/**
 * A server-rendered page's entry, added once the page has painted (./entryAfterPaint.ts): the page paints from its HTML
 * and stylesheet, the script only hydrates it.
 */
export function hydratingEntry(html: string, entryFile: string | null): string {
  if (!entryFile) return html;
  const tag = `<script type="module" crossorigin src="${entryFile}"></script>`;
  return html.replace(tag, () => `<script data-entry="${entryFile}">${ENTRY_AFTER_PAINT}</script>`);
}

/**
 * The modulepreloads of a page's head. One the browser renders preloads everything its first screen runs: its paint
 * waits for it. A server-rendered one has none: it paints from its HTML and stylesheet, and Lighthouse's simulated
 * LCP counts every request that arrived before the observed paint, whatever its priority. Its entry is added after
 * the first paint (`hydratingEntry`), its imports are fetched when it arrives, and it asks for the screen's own code
 * once it runs (src/runtime/startup/screenCode.ts; docs/performance.md, "As it stands").
 */
export function modulePreloads(sharedPreloads: string[], own: ScreenFiles | undefined, serverRendered: boolean): string[] {
  if (serverRendered) return [];
  return [...sharedPreloads, ...(own?.screen ?? []), ...(own?.blocks ?? [])].map(
    (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
  );
}

/** What the entry imports (the build's index.html names only the entry itself: vite.config.ts, modulePreload). */
function entryImports(manifest: Manifest): string[] {
  const entryChunk = entryKey(manifest);
  if (!entryChunk) return [];
  return [...withStaticImports(manifest, entryChunk, new Set())].filter((k) => k !== entryChunk).map((k) => `/${manifest[k]!.file}`);
}

export interface ScreenFiles {
  /** Its chunk and what that imports. */
  screen: string[];
  /** Its on-demand blocks' chunks and what they import, less the screen's. */
  blocks: string[];
  css: string[];
}

/** Each screen's own files (less the entry's): its chunk, its on-demand blocks' (with what they import), and their CSS. */
function screenFiles(manifest: Manifest, pages: FunnelPages | null): Map<string, ScreenFiles> {
  const entry = new Set<string>();
  const entryChunk = entryKey(manifest);
  if (entryChunk) withStaticImports(manifest, entryChunk, entry);
  const files = new Map<string, ScreenFiles>();
  const file = (key: string) => `/${manifest[key]!.file}`;
  for (const [screenId, screen] of Object.entries(pages?.screens ?? {})) {
    const own = new Set<string>();
    const chunk = screenChunkKey(manifest, screenId);
    if (chunk) withStaticImports(manifest, chunk, own);
    const blocks = new Set<string>();
    for (const type of screen.blockTypes) {
      const block = blockChunkKey(manifest, type);
      if (block) withStaticImports(manifest, block, blocks);
    }
    const ownKeys = [...own].filter((k) => !entry.has(k));
    const blockKeys = [...blocks].filter((k) => !entry.has(k) && !own.has(k));
    files.set(screenId, {
      screen: ownKeys.map(file),
      blocks: blockKeys.map(file),
      css: [...new Set([...ownKeys, ...blockKeys].flatMap((k) => manifest[k]!.css ?? []))].map((f) => `/${f}`),
    });
  }
  return files;
}

/** `fetch` answered by the server itself: the renderer's backend calls go through the same routes as the browser's. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string | undefined,
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  }) as typeof fetch;
}

export interface AppPages {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export interface AppPagesOptions {
  distDir: string;
  /** The bot check the browser runs (GET /api/client-config). */
  captcha: 'local' | 'recaptcha';
  log: FastifyBaseLogger;
}

export async function loadAppPages(app: FastifyInstance, { distDir, captcha, log }: AppPagesOptions): Promise<AppPages> {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readJson<Manifest>(path.join(distDir, MANIFEST_FILE));
  const pages = readJson<FunnelPages>(path.join(distDir, FUNNEL_PAGES_FILE));
  const files = manifest ? screenFiles(manifest, pages) : new Map<string, ScreenFiles>();
  const sharedPreloads = manifest ? entryImports(manifest) : [];
  const entryChunk = manifest ? entryKey(manifest) : undefined;
  const entryFile = manifest && entryChunk ? `/${manifest[entryChunk]!.file}` : null;
  const rendererFile = path.join(distDir, RENDERER_FILE);
  let renderer: ServerRenderer | null = null;
  if (existsSync(rendererFile))
    renderer = await (import(pathToFileURL(rendererFile).href) as Promise<ServerRenderer>).catch((error: unknown) => {
      log.error({ err: error }, 'the server renderer failed to load: pages render in the browser');
      return null;
    });
  const backend = createHttpBackend({ apiBase: API_PREFIX, sessionToken: () => null, fetch: injectFetch(app) });
  // The files of every screen and where each leads, for the browser's prefetch (src/runtime/prefetch.ts).
  const assets = pages
    ? scriptJson({
        files: Object.fromEntries([...files].map(([id, f]) => [id, f.screen])),
        blocks: Object.fromEntries([...files].filter(([, f]) => f.blocks.length > 0).map(([id, f]) => [id, f.blocks])),
        next: Object.fromEntries(Object.entries(pages.screens).map(([id, s]) => [id, s.next])),
      } satisfies PageAssets)
    : null;

  const write = (page: RenderedPage | null) => {
    const own = page?.screenId ? files.get(page.screenId) : undefined;
    const headTags = [
      ...(own?.css ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...modulePreloads(sharedPreloads, own, page?.body != null),
      ...(assets ? [`<script type="application/json" id="${PAGE_ASSETS_ID}">${assets}</script>`] : []),
    ];
    // Replacements are functions: a text with `$&` or `$'` in it is written as it is.
    let html = headTags.length > 0 ? template.replace('</head>', () => `    ${headTags.join('\n    ')}\n  </head>`) : template;
    if (!page) return html;
    html = html
      .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.lang)}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
    const { description, body } = page;
    if (description !== null)
      html = html.replace(
        /<meta name="description" content="[^"]*"/,
        () => `<meta name="description" content="${escapeHtml(description)}"`,
      );
    if (body)
      html = hydratingEntry(html, entryFile).replace(
        '<div id="root"></div>',
        () => `<div id="root">${body.html}</div><script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(body.state)}</script>`,
      );
    return html;
  };

  return {
    async send(request, reply) {
      const url = new URL(request.url, 'http://app');
      let page: RenderedPage | null = null;
      if (renderer)
        try {
          page = await renderer.render({
            path: url.pathname,
            search: url.search,
            hostname: request.hostname.replace(/:\d+$/, ''),
            cookieHeader: request.headers.cookie ?? '',
            acceptLanguage: request.headers['accept-language'] ?? '',
            mobile: mobileRequest(request.headers),
            robot: robotRequest(request.headers),
            captcha,
            call: (name, input) => backend.callFunction(name, input),
          });
        } catch (error) {
          request.log.error({ err: error, path: url.pathname }, 'server rendering failed: the browser renders the page');
        }
      for (const cookie of page?.setCookies ?? []) reply.header('set-cookie', cookie);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language, User-Agent')
        .type('text/html; charset=utf-8')
        .send(write(page));
    },
  };
}
