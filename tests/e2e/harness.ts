/**
 * Browser-test harness: the built app served in-process on a free port with a temporary
 * DATA_DIR, Debian's Chromium driven by playwright-core, and helpers that speak in what a
 * parent sees.
 *
 *   const e2e = useE2E();                       // in a test file: server + browser per file
 *   const page = await e2e.openPage('/login', { loggedIn: true });
 *   await expectAccessible(page);
 *
 * Addresses outside the app (the *.example links of funnels/app.yaml) never reach the network:
 * a stub page answers them, so tests can assert where the browser was sent.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { defaultOutDir, repoRoot } from '../../scripts/lib/build.ts';
import { CLIENT_STATE_KEY, SESSION_KEY } from '../../src/browser/storageKeys.ts';
import { RELEASES_PATH } from '../../src/contract/releases.ts';
import type { ClientState } from '../../src/domain/clientState.ts';
import { readServerEnv } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';
import { entryKey, MANIFEST_FILE, type Manifest, withStaticImports } from '../../src/server/pages/manifest.ts';
import type { ReleaseSource } from '../../src/server/releases/source.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** How long the app may take to show something after an action (generous: CI machines are shared). */
export const UI_TIMEOUT = 10_000;

export const TEST_USER = { objectId: 'e2eUser01', email: 'parent@example.com', sessionToken: 'r:e2e-session-token' };

/** Backend parts a test file replaces (src/server/backend.ts BackendOverrides). */
export type ServerOverrides = NonNullable<Parameters<typeof startServer>[1]>;

export interface AppServer {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The DATA_DIR of each running test server, by its URL (the admin token is there: `dataDirOf`). */
const dataDirs = new Map<string, string>();

/** The DATA_DIR of the test server at `baseUrl` (its admin-token lets a test call the admin endpoints). */
export function dataDirOf(baseUrl: string): string {
  const dir = dataDirs.get(new URL(baseUrl).origin);
  if (!dir) throw new Error(`No test server of this process answers at ${baseUrl}.`);
  return dir;
}

/**
 * The built app (default: dist/client) and the backend on 127.0.0.1, a free port, a fresh
 * data dir — started the way `npm start` starts it (src/server/main.ts `startServer`): the
 * embedded database, its migrations, the catalog of funnels/catalog.yaml and the demo codes,
 * then the app. Registration, login and the code calls work against it for real. The server
 * logs warnings only (LOG_LEVEL, unless set).
 */
export async function startApp(
  options: {
    distDir?: string;
    funnelsDir?: string;
    copyDir?: string;
    flagOverrides?: Record<string, string>;
    overrides?: ServerOverrides;
    /** The releases it serves (default: the checkout's, or `funnelsDir`/`copyDir`'s). */
    releases?: ReleaseSource;
  } = {},
): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  process.env.LOG_LEVEL ??= 'warn';
  const env = readServerEnv(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: options.distDir ?? defaultOutDir,
      FLAG_OVERRIDES: JSON.stringify(options.flagOverrides ?? {}),
      DEMO_CODES: 'on',
      // The release it serves and the catalog it imports: a test config's own funnels and copy (a partner funnel's) or the repository's.
      ...(options.funnelsDir ? { FUNNELS_DIR: options.funnelsDir } : {}),
      // Its first release (src/server/releases/deploy.ts) is these folders: a test build's copy goes with its funnels.
      ...(options.copyDir ? { COPY_DIR: options.copyDir } : {}),
    },
    repoRoot,
  );
  let app: FastifyInstance;
  try {
    ({ app } = await startServer(env, options.overrides, options.releases));
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no port.');
  const url = `http://127.0.0.1:${address.port}`;
  dataDirs.set(url, dataDir);
  return {
    url,
    app,
    async close() {
      dataDirs.delete(url);
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  // Playwright gives every launch a fresh, empty --user-data-dir of its own.
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface OpenPageOptions {
  /** Seed a logged-in parent (localStorage SESSION_KEY) before the first page loads. */
  loggedIn?: boolean;
  /** Seed this session instead of TEST_USER's: a parent the real backend knows (createParent). */
  session?: { objectId: string; email: string; sessionToken: string };
  viewport?: { width: number; height: number };
  /** The browser's language (navigator.languages and Accept-Language), e.g. 'es-ES'; default en-US. */
  locale?: string;
  /** Client state (localStorage CLIENT_STATE_KEY) before the first page loads. */
  clientState?: Partial<ClientState>;
  /** The browser's User-Agent (a phone's: the server renders the plan cards in a phone's order). */
  userAgent?: string;
  /** Sent as the Referer of the first load (the app reads a same-origin referrer as the page the parent came from). */
  referer?: string;
  /** Wait until the app has taken over the page (`appReady`); default true. */
  waitForApp?: boolean;
  /** Runs after the page exists and before it navigates (page.route for delays...). */
  before?: (page: Page) => Promise<void>;
}

export interface TestPage extends Page {
  /** Every URL the main frame showed, in order (client-side route changes included). */
  visited: string[];
  /** Console messages about Content-Security-Policy violations, and uncaught errors. */
  problems: string[];
}

const EXTERNAL_STUB = (url: URL) =>
  `<!doctype html><html lang="en"><head><title>External page ${url.hostname}</title></head>` +
  `<body><main><h1>External page</h1><p>${url.hostname}${url.pathname}</p></main></body></html>`;

export interface E2E {
  readonly url: string;
  readonly browser: Browser;
  /** The in-process server: `app.backend` has its database (`accounts.db`), payment gateway... */
  readonly app: FastifyInstance;
  openPage(routePath: string, options?: OpenPageOptions): Promise<TestPage>;
  /** A path of the app as a full URL. */
  at(routePath: string): string;
}

/**
 * Starts the app and Chromium for the test file (beforeAll) and closes them (afterAll); each
 * `openPage` gets its own browser context (fresh storage), closed after its test.
 */
export function useE2E(
  options: {
    distDir?: string | (() => string);
    funnelsDir?: string;
    copyDir?: string;
    flagOverrides?: Record<string, string>;
    overrides?: ServerOverrides;
    releases?: ReleaseSource;
  } = {},
): E2E {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const distDir = typeof options.distDir === 'function' ? options.distDir() : options.distDir;
    [server, browser] = await Promise.all([
      startApp({
        distDir,
        flagOverrides: options.flagOverrides,
        ...(options.funnelsDir ? { funnelsDir: options.funnelsDir } : {}),
        ...(options.copyDir ? { copyDir: options.copyDir } : {}),
        ...(options.releases ? { releases: options.releases } : {}),
        ...(options.overrides ? { overrides: options.overrides } : {}),
      }),
      launchBrowser(),
    ]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const e2e: E2E = {
    get url() {
      if (!server) throw new Error('useE2E: the server starts in beforeAll; use it inside a test.');
      return server.url;
    },
    get browser() {
      if (!browser) throw new Error('useE2E: the browser starts in beforeAll; use it inside a test.');
      return browser;
    },
    get app() {
      if (!server) throw new Error('useE2E: the server starts in beforeAll; use it inside a test.');
      return server.app;
    },
    at: (routePath) => new URL(routePath, e2e.url).href,
    async openPage(routePath, opts = {}) {
      const origin = e2e.url;
      const localStorage: { name: string; value: string }[] = [];
      if (opts.session) localStorage.push({ name: SESSION_KEY, value: JSON.stringify(opts.session) });
      else if (opts.loggedIn) localStorage.push({ name: SESSION_KEY, value: JSON.stringify(TEST_USER) });
      if (opts.clientState) localStorage.push({ name: CLIENT_STATE_KEY, value: JSON.stringify(opts.clientState) });
      // storageState seeds localStorage once; an init script would seed it again on every load
      // and undo a logout.
      const context = await e2e.browser.newContext({
        viewport: opts.viewport ?? { width: 1280, height: 800 },
        ...(opts.locale ? { locale: opts.locale } : {}),
        ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
        storageState: { cookies: [], origins: localStorage.length ? [{ origin, localStorage }] : [] },
      });
      contexts.push(context);
      await context.route(
        (url) => url.origin !== origin,
        (route) => {
          const url = new URL(route.request().url());
          if (route.request().resourceType() === 'document')
            return route.fulfill({ status: 200, contentType: 'text/html', body: EXTERNAL_STUB(url) });
          return route.abort('blockedbyclient');
        },
      );
      const page = (await context.newPage()) as TestPage;
      page.visited = [];
      page.problems = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) page.visited.push(frame.url());
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) page.problems.push(`CSP: ${message.text()}`);
      });
      page.on('pageerror', (error) => page.problems.push(`Uncaught: ${error.stack ?? error.message}`));
      await opts.before?.(page);
      await page.goto(e2e.at(routePath), { waitUntil: 'domcontentloaded', ...(opts.referer ? { referer: opts.referer } : {}) });
      if (opts.waitForApp !== false) await appReady(page);
      return page;
    },
  };
  return e2e;
}

/** Waits until the locator is visible, with a message naming what was expected. */
/**
 * Waits until the app has taken over the page (`#root[data-ready]`, src/runtime/start.tsx): a
 * server-rendered screen shows before its scripts run, and a test, like a parent, acts on it
 * once they have. A page that leaves the app (an external stub) or never gets there is the
 * test's to judge: this only waits.
 */
export async function appReady(page: Page, timeout = UI_TIMEOUT): Promise<void> {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const state = await page
      .evaluate(() => {
        const root = document.getElementById('root');
        return root === null ? 'elsewhere' : root.hasAttribute('data-ready') ? 'ready' : 'loading';
      })
      .catch(() => 'navigating');
    if (state === 'ready' || state === 'elsewhere') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function visible(locator: Locator, what = String(locator), timeout = UI_TIMEOUT): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    const page = locator.page();
    const text = await page
      .locator('body')
      .innerText({ timeout: 1000 })
      .catch(() => '(no body)');
    throw new Error(`Expected ${what} to be visible on ${page.url()} within ${timeout} ms.\nThe page shows:\n${text.slice(0, 1500)}`);
  }
  return locator.first();
}

/** The screen's level-1 heading, once visible. */
/**
 * The screen's level-1 heading; with `name`, that heading — which also waits out the moment after
 * the address changed and before the new screen replaced the old one.
 */
export const heading = (page: Page, name?: string) =>
  visible(
    page.getByRole('heading', { level: 1, ...(name !== undefined ? { name, exact: true } : {}) }),
    name !== undefined ? `the heading '${name}'` : 'a level-1 heading',
  );

/** Waits until the browser shows a URL for which `test` holds. */
export async function arrivesAt(page: Page, test: (url: URL) => boolean, what: string, timeout = UI_TIMEOUT): Promise<URL> {
  try {
    await page.waitForURL((url) => test(url), { timeout, waitUntil: 'commit' });
  } catch {
    const text = await page
      .locator('body')
      .innerText({ timeout: 1000 })
      .catch(() => '(no body)');
    throw new Error(
      `Expected the browser to arrive at ${what} within ${timeout} ms; ` +
        `it is at ${page.url()} (visited: ${(page as TestPage).visited?.join(' → ') ?? '?'}).\n` +
        `The page shows:\n${text.slice(0, 1500)}`,
    );
  }
  return new URL(page.url());
}

export const samePage = (a: string | URL, b: string | URL) => {
  const x = new URL(a);
  const y = new URL(b);
  return x.origin === y.origin && x.pathname.replace(/\/$/, '') === y.pathname.replace(/\/$/, '');
};

/**
 * Waits (2 s at most) for the page's finite CSS animations to end: axe measures the colours of an
 * element while it fades in (a notification's 160 ms entry) as blended, lower-contrast ones.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

/** Runs axe on the page; fails on serious or critical violations, listing each one readably. */
export async function expectAccessible(page: Page, context = ''): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length === 0) return;
  const lines = bad.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').trim()}` : ''}`)
      .join('\n');
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}) ${v.helpUrl}\n${nodes}`;
  });
  throw new Error(`Accessibility violations on ${page.url()}${context ? ` (${context})` : ''}:\n${lines.join('\n')}`);
}

/** No CSP violation and no uncaught error so far on this page. */
export function expectNoBrowserProblems(page: TestPage): void {
  if (page.problems.length) throw new Error(`Problems on ${page.url()}:\n${page.problems.map((p) => `  ${p}`).join('\n')}`);
}

/** What a parent-facing screen must always be: accessible, and free of CSP violations and crashes. */
export async function expectHealthyScreen(page: TestPage, context = ''): Promise<void> {
  expectNoBrowserProblems(page);
  await expectAccessible(page, context);
}

/**
 * Saves what the page shows as `<name>.png` in SCREENSHOT_DIR, when that variable is set (for a
 * person to look at; nothing is compared). Answers the file, or null when no folder was asked for.
 */
export async function screenshotForReview(page: Page, name: string, o: { fullPage?: boolean } = {}): Promise<string | null> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: o.fullPage ?? false });
  return file;
}

/** The client state the app stored (localStorage CLIENT_STATE_KEY). */
export async function storedClientState(page: Page): Promise<Partial<ClientState>> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CLIENT_STATE_KEY);
  return raw ? (JSON.parse(raw) as Partial<ClientState>) : {};
}

/** The JS files every page loads first (the entry and what it imports, per Vite's manifest): everything else is loaded later. */
export function initialScripts(distDir = defaultOutDir): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, MANIFEST_FILE), 'utf8')) as Manifest;
  const entry = entryKey(manifest);
  if (!entry) throw new Error(`The build in ${distDir} has no entry chunk.`);
  return new Set([...withStaticImports(manifest, entry, new Set())].map((k) => `/${manifest[k]!.file}`));
}

/**
 * Holds every script the app loads after start (block chunks) and every screen file of a release until
 * `release()`, so a test can see what shows while a screen is loading.
 */
export async function holdLateScripts(page: Page, distDir = defaultOutDir): Promise<{ release: () => void; held: () => number }> {
  const initial = initialScripts(distDir);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) =>
      url.hostname === '127.0.0.1' &&
      ((url.pathname.endsWith('.js') && !initial.has(url.pathname)) ||
        (url.pathname.startsWith(`${RELEASES_PATH}/`) && url.pathname.includes('/screens/'))),
    async (route) => {
      held++;
      await gate;
      await route.continue();
    },
  );
  return { release, held: () => held };
}

/** A new address for every parent a browser test registers (the file's database lives as long as its server). */
let parents = 0;
export const newParentEmail = (label = 'parent') => `${label}-${Date.now().toString(36)}-${++parents}@example.com`;

/**
 * Creates a parent's account through the real backend (CreateWebUser, with the local captcha's
 * token), as the registration screen would; answers the id and a session token.
 */
export async function createParent(baseUrl: string, email: string, password: string): Promise<{ id: string; sessionToken: string }> {
  const body = await callBackend(baseUrl, 'CreateWebUser', { username: email, password, captchaToken: 'local-captcha:registration' });
  if (!('result' in body)) throw new Error(`Could not create ${email}: ${JSON.stringify(body)}`);
  return body.result as { id: string; sessionToken: string };
}

/** Posts a backend call to the test server, as the browser does; answers the wire body ({result} or {code, error}). */
export async function callBackend(
  baseUrl: string,
  name: string,
  params: Record<string, unknown>,
  sessionToken?: string,
): Promise<{ result: unknown } | { code: number; error: string }> {
  const response = await fetch(`${baseUrl}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(sessionToken ? { 'x-parse-session-token': sessionToken } : {}) },
    body: JSON.stringify(params),
  });
  return (await response.json()) as { result: unknown } | { code: number; error: string };
}
