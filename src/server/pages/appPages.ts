/**
 * The parents' app pages: the built index.html, written for each request.
 *
 * - A screen anyone may see is rendered here (the build's server renderer, DIST_DIR/.ssr/entry.js,
 *   src/ssr/renderPage.tsx) in the visitor's language and variants, with the data it shows,
 *   and hydrated in the browser: the page is there before any script runs.
 * - Every page carries its release (src/runtime/startup/release.ts: the live one, or a preview's
 *   draft): its config, the shell's copy and the first screen; the tab fetches the rest of the
 *   visit from that release's addresses.
 * - Every page has exactly its own chunks (its screen's on-demand blocks', with their CSS):
 *   preloaded in its head, or, on a server-rendered page, asked for by the entry once it runs
 *   (`modulePreloads`). It tells the browser which files the screens it leads to need
 *   (src/runtime/prefetch.ts fetches them when idle), both worked out once per release from the
 *   build's manifest.
 * - A page the server does not render (private, a redirect), a build without the renderer, or a
 *   renderer that fails gets the shell with its release, language and title: the browser renders it,
 *   as before. A parent never gets a blank page from here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHttpBackend } from '../../adapters/backend/backend.ts';
import { releaseScreenPath } from '../../contract/releases.ts';
import { API_PREFIX } from '../../contract/wire.ts';
import type { FunnelPages } from '../../generators/pages/funnelPages.ts';
import { withPageHead } from '../../generators/pages/pageHead.ts';
import { PAGE_ASSETS_ID, type PageAssets } from '../../runtime/pageAssets.ts';
import { findRoute } from '../../runtime/routes.ts';
import { PAGE_RELEASE_ID, type PageRelease } from '../../runtime/startup/release.ts';
import { PAGE_STATE_ID, scriptJson } from '../../ssr/pageState.ts';
import type { FunnelBuild, PageRequest, RenderedPage } from '../../ssr/renderPage.tsx';
import type { CompiledRelease } from '../releases/compiled.ts';
import { ENTRY_AFTER_PAINT } from './entryAfterPaint.ts';
import { blockChunkKey, entryKey, MANIFEST_FILE, type Manifest, withStaticImports } from './manifest.ts';

interface ServerRenderer {
  renderPage(build: FunnelBuild, request: PageRequest): Promise<RenderedPage>;
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
 * A server-rendered page's entry: added by a small inline script once the page has painted (src/server/pages/entryAfterPaint.ts;
 * docs/performance.md, "As it stands"), so nothing but the HTML and its stylesheet comes before the first paint.
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
 * the first paint (`hydratingEntry`), its imports are fetched when it arrives, and it asks for the screen's blocks'
 * code once it runs (src/runtime/startup/screenCode.ts; docs/performance.md, "As it stands").
 */
export function modulePreloads(sharedPreloads: string[], own: ScreenFiles | undefined, serverRendered: boolean): string[] {
  if (serverRendered) return [];
  return [...sharedPreloads, ...(own?.blocks ?? [])].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
}

/** What the entry imports (the build's index.html names only the entry itself: vite.config.ts, modulePreload). */
function entryImports(manifest: Manifest): string[] {
  const entryChunk = entryKey(manifest);
  if (!entryChunk) return [];
  return [...withStaticImports(manifest, entryChunk, new Set())].filter((k) => k !== entryChunk).map((k) => `/${manifest[k]!.file}`);
}

export interface ScreenFiles {
  /** Its on-demand blocks' chunks and what they import, less the entry's. */
  blocks: string[];
  css: string[];
}

/** What a release's pages share, worked out once per release: each screen's files, and the map the browser fetches ahead by. */
interface ReleasePages {
  files: Map<string, ScreenFiles>;
  /** The page-assets JSON (src/runtime/prefetch.ts). */
  assets: string;
}

/** Each screen's own files (less the entry's): its on-demand blocks' chunks (with what they import) and their CSS. */
function screenFiles(manifest: Manifest | null, pages: FunnelPages): Map<string, ScreenFiles> {
  const files = new Map<string, ScreenFiles>();
  if (!manifest) return files;
  const entry = new Set<string>();
  const entryChunk = entryKey(manifest);
  if (entryChunk) withStaticImports(manifest, entryChunk, entry);
  const file = (key: string) => `/${manifest[key]!.file}`;
  for (const [screenId, screen] of Object.entries(pages.screens)) {
    const blocks = new Set<string>();
    for (const type of screen.blockTypes) {
      const block = blockChunkKey(manifest, type);
      if (block) withStaticImports(manifest, block, blocks);
    }
    const blockKeys = [...blocks].filter((k) => !entry.has(k));
    files.set(screenId, {
      blocks: blockKeys.map(file),
      css: [...new Set(blockKeys.flatMap((k) => manifest[k]!.css ?? []))].map((f) => `/${f}`),
    });
  }
  return files;
}

function releasePages(release: CompiledRelease, manifest: Manifest | null): ReleasePages {
  const files = screenFiles(manifest, release.pages);
  const screens = Object.keys(release.pages.screens);
  // The files of every screen and where each leads, for the browser's prefetch (src/runtime/prefetch.ts).
  const assets = scriptJson({
    files: Object.fromEntries(screens.map((id) => [id, [releaseScreenPath(release.id, id)]])),
    blocks: Object.fromEntries([...files].filter(([, f]) => f.blocks.length > 0).map(([id, f]) => [id, f.blocks])),
    next: Object.fromEntries(Object.entries(release.pages.screens).map(([id, s]) => [id, s.next])),
  } satisfies PageAssets);
  return { files, assets };
}

/** The release the page runs (src/runtime/startup/release.ts), with the screen it shows first when it has one. */
function pageRelease(release: CompiledRelease, screenId: string | null, preview: boolean): PageRelease {
  const screen = screenId === null ? undefined : release.screen(screenId);
  return {
    id: release.id,
    config: release.project.config,
    shellCopy: release.project.shellCopy,
    screens: screen && screenId !== null ? { [screenId]: screen } : {},
    ...(preview ? { preview: true as const } : {}),
  };
}

/** What the server renderer renders with: the release's config and copy, from memory. */
function funnelBuild(release: CompiledRelease): FunnelBuild {
  const { project } = release;
  return {
    config: project.config,
    head: project.head,
    defaultCopy: project.shellCopy,
    loadScreen: (id) => {
      const screen = release.screen(id);
      return screen ? Promise.resolve(screen) : Promise.reject(new Error(`No screen '${id}' in release ${release.id}.`));
    },
    loadCopy: (locale) => {
      const copy = Object.hasOwn(project.copy, locale) ? project.copy[locale] : undefined;
      return copy ? Promise.resolve(copy) : Promise.reject(new Error(`No copy for locale '${locale}' in release ${release.id}.`));
    },
  };
}

/** `fetch` answered by the server itself: the renderer's backend calls go through the same routes as the browser's. */
function injectFetch(app: FastifyInstance, cookie?: string): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: { ...(init?.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
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
  /**
   * The release a request's page runs: the live one, or a preview's draft (`preview`: the page
   * says so, src/server/releases/previews.ts, which may set or clear its cookie on `reply`).
   */
  releaseFor: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ release: CompiledRelease; preview: boolean /** Sent with the renderer's calls: a preview's. */; callCookie?: string }>;
}

export async function loadAppPages(app: FastifyInstance, { distDir, captcha, log, releaseFor }: AppPagesOptions): Promise<AppPages> {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readJson<Manifest>(path.join(distDir, MANIFEST_FILE));
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
  const byRelease = new WeakMap<CompiledRelease, ReleasePages>();
  const pagesOf = (release: CompiledRelease) => {
    const known = byRelease.get(release);
    if (known) return known;
    const pages = releasePages(release, manifest);
    byRelease.set(release, pages);
    return pages;
  };

  const write = (release: CompiledRelease, preview: boolean, page: RenderedPage | null, pathname: string) => {
    const { files, assets } = pagesOf(release);
    const own = page?.screenId ? files.get(page.screenId) : undefined;
    const headTags = [
      ...(own?.css ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...modulePreloads(sharedPreloads, own, page?.body != null),
      `<script type="application/json" id="${PAGE_ASSETS_ID}">${assets}</script>`,
    ];
    // Replacements are functions: a text with `$&` or `$'` in it is written as it is.
    let html = withPageHead(
      template,
      page ? { ...release.head, lang: page.lang, title: page.title, description: page.description } : release.head,
    );
    html = html.replace('</head>', () => `    ${headTags.join('\n    ')}\n  </head>`);
    // The screen it shows first (the renderer's; without one, the path's): the browser starts without fetching it.
    const first = page ? page.screenId : (findRoute(release.project.config.routes, pathname)?.route.screenId ?? null);
    const carried = scriptJson(pageRelease(release, first, preview));
    const data = `<script type="application/json" id="${PAGE_RELEASE_ID}">${carried}</script>`;
    const body = page?.body;
    if (body)
      return hydratingEntry(html, entryFile).replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${body.html}</div>` +
          `<script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(body.state)}</script>${data}`,
      );
    return html.replace('<div id="root"></div>', () => `<div id="root"></div>${data}`);
  };

  return {
    async send(request, reply) {
      const url = new URL(request.url, 'http://app');
      const { release, preview, callCookie } = await releaseFor(request, reply);
      // A preview's calls are the preview's (its draft's offers, the sandbox): they carry its cookie.
      const calls = callCookie
        ? createHttpBackend({ apiBase: API_PREFIX, sessionToken: () => null, fetch: injectFetch(app, callCookie) })
        : backend;
      let page: RenderedPage | null = null;
      if (renderer)
        try {
          page = await renderer.renderPage(funnelBuild(release), {
            path: url.pathname,
            search: url.search,
            hostname: request.hostname.replace(/:\d+$/, ''),
            cookieHeader: request.headers.cookie ?? '',
            acceptLanguage: request.headers['accept-language'] ?? '',
            mobile: mobileRequest(request.headers),
            robot: robotRequest(request.headers),
            captcha,
            call: (name, input) => calls.callFunction(name, input),
            ...(preview ? { preview: { draftId: release.id } } : {}),
          });
        } catch (error) {
          request.log.error({ err: error, path: url.pathname }, 'server rendering failed: the browser renders the page');
        }
      for (const cookie of page?.setCookies ?? []) reply.header('set-cookie', cookie);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language, User-Agent')
        .type('text/html; charset=utf-8')
        .send(write(release, preview, page, url.pathname));
    },
  };
}
