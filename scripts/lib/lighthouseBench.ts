/**
 * `npm run bench -- lighthouse`: Lighthouse's scores and metrics of the app's pages beside a
 * floor, and the JS a phone downloads on '/' until the network has been idle a while.
 *
 * - The app: a fresh production build (scripts/lib/build.ts `viteBuild`) in a temporary folder,
 *   served by the production server (`src/server/main.ts`, as `npm run serve`) in a child process
 *   on 127.0.0.1 and a free port, NODE_ENV=production (PAYMENT_GATEWAY=sandbox and CAPTCHA_PROVIDER=local
 *   named), with a temporary DATA_DIR (never .data/).
 * - The floor: a bare React + react-dom + react-router page of the landing's shape and no app code
 *   (scripts/lib/lighthouseFloor/), built in the same run with Vite's `build()` (the project's JSX
 *   settings, no plugin) and served by a small node:http server that compresses as the app server
 *   does (@fastify/compress as src/server/app.ts registers it: brotli quality 4 when the browser
 *   takes it, else gzip, from 1024 bytes; the same cache headers). The run prints the
 *   Content-Encoding each server answered for its entry script.
 * - Lighthouse (the `lighthouse` package, default config: mobile, simulated throttling),
 *   categories performance, accessibility and best practices, on Debian's Chromium
 *   (/usr/bin/chromium, launched by chrome-launcher with a fresh temporary profile per run, killed
 *   after it). Pages: the floor, '/', '/login', '/promo', '/gift'; RUNS runs of each, interleaved
 *   (floor, every page, then again) so that the machine's noise falls on all alike; the median of
 *   each figure is printed. JS = the transferSize of the `network-requests` audit's Script rows
 *   (headers included, as served). A failed run is tried once more; an app server that stopped by
 *   itself is said, with its exit and output, and started again on the same port and data.
 * - Targets (LIGHTHOUSE_TARGETS) hold for the app's pages; the floor's misses are marked too (a
 *   target the floor misses is the machine's, not the app's). When an app page's accessibility or
 *   best practices is below 1, its failing audits are listed (console errors with their text).
 * - JS on '/' until network idle: Playwright's Chromium at 390×844 (mobile), '/' opened, then
 *   waited on until no request has been in flight for IDLE_MS (the prefetches the runtime makes
 *   in requestIdleCallback included). Every JS response (a .js path or a javascript content type)
 *   is gzipped at level 9 here, whatever the server sent. "entry" = the page's module
 *   script and its static imports (from Vite's manifest), what every page loads; "screen" = the
 *   page's modulepreloads (in its HTML or added by its entry: its screen's and blocks' chunks) and their imports; "total" = all of
 *   them, the prefetches of the screens '/' leads to included. Budgets JS_BUDGETS (1 KB = 1000 bytes). The same
 *   session lists console errors, uncaught exceptions and CSP violations (file:line:col), which
 *   Lighthouse's `inspector-issues` audit only names.
 *
 * Returns one row per app page and per budget, with `met`; bench.ts exits 1 when one is not met.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium.ts';
import { repoRoot, viteBuild } from './build.ts';
import { freePort } from './devServer.ts';

export const LIGHTHOUSE_TARGETS = { performance: 0.95, clsMax: 0.02, tbtMaxMs: 200, accessibility: 1, bestPractices: 1 };
/** Gzip level 9 of the JS on '/' until network idle, 1 KB = 1000 bytes. */
export const JS_BUDGETS = { entryGzip: 120_000, totalGzip: 160_000 };
const PAGES = ['/', '/login', '/promo', '/gift'];
const RUNS = 3;
const FLOOR = 'floor (bare React)';
const FLOOR_DIR = path.join(repoRoot, 'scripts/lib/lighthouseFloor');
/** One Lighthouse run, Chromium's start included; beyond it the run fails. */
const RUN_TIMEOUT_MS = 180_000;
/** Quiet network after '/' loaded before the JS is counted. */
const IDLE_MS = 3000;
const SERVER_START_TIMEOUT_MS = 120_000;

export interface LighthouseRow extends RunFigures {
  /** A path of the app, or FLOOR. */
  page: string;
  /** Runs that produced no result, with why. */
  errors: string[];
  met: boolean;
}

export interface BudgetRow {
  name: string;
  gzip: number;
  budget: number;
  met: boolean;
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// Servers ----------------------------------------------------------------------------------

interface Served {
  url: string;
  /** Why the server stopped by itself (exit code or signal, its last output), or null while it runs. */
  stopped(): string | null;
  stop(): Promise<void>;
}

/** The production server (src/server/main.ts) on the build in `distDir`, as `npm run serve` runs it. */
async function startAppServer(distDir: string, dataDir: string, port: number): Promise<Served> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...process.env,
    NODE_ENV: 'production',
    // Production refuses to start without them; the pages measured take no payment and no captcha.
    PAYMENT_GATEWAY: 'sandbox',
    CAPTCHA_PROVIDER: 'local',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
  }))
    if (value !== undefined) env[key] = value;
  const child: ChildProcess = fork(path.join(repoRoot, 'src/server/main.ts'), [], {
    cwd: repoRoot,
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping = false;
  const stopped = () => {
    if (stopping || (child.exitCode === null && child.signalCode === null)) return null;
    const how = child.signalCode ? `signal ${child.signalCode}` : `exit ${child.exitCode}`;
    return `${how}${output.trim() ? `; its last output:\n${output.slice(-2000)}` : ''}`;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM'); // main.ts closes gracefully on SIGTERM
    });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The app server stopped before it was ready (exit ${child.exitCode}).`);
      if (Date.now() - started > SERVER_START_TIMEOUT_MS) throw new Error('The app server was not ready within 120 s.');
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { url, stopped, stop };
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw new Error(`${message(error)}\n${output.slice(-4000)}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
};
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;
/** @fastify/compress's defaults as src/server/app.ts registers it (encodings ['br', 'gzip']). */
const COMPRESS_THRESHOLD = 1024;
const BROTLI_QUALITY = 4;

/** 'br', 'gzip' or null, preferring brotli as @fastify/compress does when both are accepted. */
function negotiate(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const takes = (encoding: string) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
}

/** The floor's static server: files of `root`, history fallback to index.html, compressed like the app's. */
async function startFloorServer(root: string): Promise<Served> {
  const assets = path.join(root, 'assets') + path.sep;
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://floor').pathname);
    let file = path.join(root, pathname);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      if (path.basename(pathname).includes('.')) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('Not found');
        return;
      }
      file = path.join(root, 'index.html');
    }
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    let body = readFileSync(file);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    const encoding = COMPRESSIBLE.test(type) && body.length >= COMPRESS_THRESHOLD ? negotiate(request.headers['accept-encoding']) : null;
    if (encoding === 'br') body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
    if (encoding === 'gzip') body = gzipSync(body);
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The floor server has no port.');
  return {
    url: `http://127.0.0.1:${address.port}`,
    stopped: () => null,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The floor page, built with Vite's `build()` and the project's JSX settings, into `outDir`. */
async function buildFloor(outDir: string, cacheDir: string): Promise<void> {
  // A production build whoever runs the bench, as `viteBuild` makes the app's (Vite reads NODE_ENV).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildFloorProduction(outDir, cacheDir);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function buildFloorProduction(outDir: string, cacheDir: string): Promise<void> {
  await build({
    configFile: false,
    root: FLOOR_DIR,
    cacheDir,
    mode: 'production',
    logLevel: 'error', // not react-router's `"use client"` warning, which the app's build does not show either
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  });
}

// Lighthouse -------------------------------------------------------------------------------

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Script transferSize in bytes (network-requests audit). */
  jsBytes: number;
  /** Failing accessibility and best-practices audits over the runs, with their details. */
  failing: string[];
}

const score = (lhr: LighthouseResult, category: string) => lhr.categories[category]?.score ?? Number.NaN;
const numeric = (lhr: LighthouseResult, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** The failing audits of a category that counts toward its score, with what they found. */
function failingAudits(lhr: LighthouseResult, category: string): string[] {
  const found: string[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
    const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    const what = items
      .slice(0, 5)
      .map((item) => {
        if (typeof item.description === 'string') {
          const where = (item.sourceLocation as { url?: string } | undefined)?.url ?? '';
          return `${item.source ?? ''}${item.source ? ': ' : ''}${item.description}${where ? ` (${where})` : ''}`;
        }
        const node = item.node as { snippet?: string; explanation?: string } | undefined;
        if (node?.snippet) return `${node.snippet}${node.explanation ? ` — ${node.explanation.replace(/\s+/g, ' ')}` : ''}`;
        if (typeof item.issueType === 'string') {
          const urls = ((item.subItems as { items?: { url?: string }[] } | undefined)?.items ?? []).map((i) => i.url).filter(Boolean);
          return `${item.issueType}${urls.length ? `: ${urls.join(', ')}` : ' (details: "Issues on \'/\'" below)'}`;
        }
        return JSON.stringify(item).slice(0, 200);
      })
      .filter(Boolean);
    found.push(`${category} ${ref.id} (${audit.title})${what.length ? `:\n${what.map((w) => `        ${w}`).join('\n')}` : ''}`);
  }
  return found;
}

/**
 * BENCH_LIGHTHOUSE_SAVE=<folder>: each run's report and trace are written there (`<page>-<run>.lhr.json`,
 * `.trace.json`), for `npx tsx scripts/trace-tasks.ts <trace>` (docs/performance.md).
 */
const SAVE_DIR = process.env.BENCH_LIGHTHOUSE_SAVE;

function saveRun(saveAs: string | undefined, lhr: LighthouseResult, trace: unknown) {
  if (!SAVE_DIR || !saveAs) return;
  mkdirSync(SAVE_DIR, { recursive: true });
  writeFileSync(path.join(SAVE_DIR, `${saveAs}.lhr.json`), JSON.stringify(lhr));
  writeFileSync(path.join(SAVE_DIR, `${saveAs}.trace.json`), JSON.stringify(trace));
}

async function lighthouseRun(url: string, profileDir: string, saveAs?: string): Promise<RunFigures> {
  mkdirSync(profileDir, { recursive: true });
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: profileDir,
    logLevel: 'silent',
    handleSIGINT: true,
  });
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      }),
      RUN_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error('Lighthouse returned no result.');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    saveRun(saveAs, lhr, result.artifacts.Trace);
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? [];
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      jsBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      failing: [...failingAudits(lhr, 'accessibility'), ...failingAudits(lhr, 'best-practices')],
    };
  } finally {
    const exited = new Promise((resolve) => (chrome.process.exitCode !== null ? resolve(null) : chrome.process.once('exit', resolve)));
    chrome.kill();
    await withTimeout(exited, 10_000, 'Chromium stopping').catch(() => chrome.process.kill('SIGKILL'));
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

function rowOf(page: string, runs: RunFigures[], errors: string[]): LighthouseRow {
  const m = (k: keyof Omit<RunFigures, 'failing'>) => median(runs.map((r) => r[k]));
  const row: LighthouseRow = {
    page,
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    lcpMs: m('lcpMs'),
    tbtMs: m('tbtMs'),
    cls: m('cls'),
    fcpMs: m('fcpMs'),
    jsBytes: m('jsBytes'),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
    errors,
    met: false,
  };
  row.met = errors.length === 0 && missed(row).length === 0;
  return row;
}

/** The targets a row misses (NaN, a run without the figure, misses too). */
function missed(row: LighthouseRow): (keyof LighthouseRow)[] {
  const t = LIGHTHOUSE_TARGETS;
  const out: (keyof LighthouseRow)[] = [];
  if (!(row.performance >= t.performance)) out.push('performance');
  if (!(row.accessibility >= t.accessibility)) out.push('accessibility');
  if (!(row.bestPractices >= t.bestPractices)) out.push('bestPractices');
  if (!(row.tbtMs <= t.tbtMaxMs)) out.push('tbtMs');
  if (!(row.cls <= t.clsMax)) out.push('cls');
  return out;
}

function printLighthouseTable(rows: LighthouseRow[]) {
  const t = LIGHTHOUSE_TARGETS;
  const header = ['page', 'perf', 'a11y', 'best pr.', 'LCP', 'TBT', 'CLS', 'FCP', 'JS', ''];
  const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
  const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');
  const body = rows.map((r) => {
    const miss = missed(r);
    const mark = (key: keyof LighthouseRow, text: string) => `${text}${miss.includes(key) ? ' ✗' : '  '}`;
    return [
      r.page,
      mark('performance', fixed(r.performance, 2)),
      mark('accessibility', fixed(r.accessibility, 2)),
      mark('bestPractices', fixed(r.bestPractices, 2)),
      `${ms(r.lcpMs)}  `,
      mark('tbtMs', ms(r.tbtMs)),
      mark('cls', fixed(r.cls, 3)),
      `${ms(r.fcpMs)}  `,
      Number.isFinite(r.jsBytes) ? `${(r.jsBytes / 1000).toFixed(1)} KB` : '—',
      r.page === FLOOR ? '(reference)' : r.met ? 'met' : 'MISSED',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i >= 1 && i <= 8 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`.trimEnd();
  console.log('');
  console.log(line(header));
  for (const b of body) console.log(line(b));
  console.log(
    `  Medians of ${RUNS} runs. Targets: performance ≥ ${t.performance}, CLS ≤ ${t.clsMax}, TBT ≤ ${t.tbtMaxMs} ms, ` +
      `accessibility ${t.accessibility.toFixed(1)}, best practices ${t.bestPractices.toFixed(1)} (✗ = missed). ` +
      'JS = transferred script bytes (as served).',
  );
  for (const r of rows) {
    for (const error of r.errors) console.log(`  ${r.page}: a run failed: ${error}`);
    if (r.accessibility < 1 || r.bestPractices < 1 || r.failing.length) {
      if (!r.failing.length) continue;
      console.log(`  ${r.page}: failing audits (any run):`);
      for (const f of r.failing) console.log(`    ${f}`);
    }
  }
}

// JS until network idle ----------------------------------------------------------------------

/** When a script loads: the app's entry (every page), the page's own screen (its modulepreloads), or later (prefetch, on demand). */
type Stage = 'entry' | 'screen' | 'later';

interface JsFile {
  path: string;
  gzip: number;
  stage: Stage;
}

/**
 * The scripts `html` names, by stage: the module script and its static imports (the entry); the
 * modulepreloads (the screen's own chunks, the page's or those its entry added) and their static imports, less the entry's.
 */
function scriptStages(html: string, distDir: string): Map<string, Stage> {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; imports?: string[] }>)
    : {};
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const stages = new Map<string, Stage>();
  const add = (file: string, stage: Stage) => {
    if (stages.has(file)) return;
    stages.set(file, stage);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported) add(imported, stage);
    }
  };
  const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const file = (ref: string) => new URL(ref, 'http://x/').pathname.replace(/^\//, '');
  for (const tag of tags)
    if (/^<script/i.test(tag) && attr(tag, 'type') === 'module' && attr(tag, 'src')) add(file(attr(tag, 'src')!), 'entry');
  for (const tag of tags)
    if (/^<link/i.test(tag) && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) add(file(attr(tag, 'href')!), 'screen');
  return stages;
}

interface IdleLoad {
  files: JsFile[];
  /** Console errors, uncaught exceptions and Content Security Policy issues while '/' loaded. */
  issues: string[];
}

/** A DevTools issue as one line, for those worth fixing (CSP violations, say); null for the others. */
function issueText(issue: { code: string; details: Record<string, unknown> }): string | null {
  if (issue.code !== 'ContentSecurityPolicyIssue') return null;
  const d = issue.details.contentSecurityPolicyIssueDetails as {
    violatedDirective?: string;
    contentSecurityPolicyViolationType?: string;
    blockedURL?: string;
    sourceCodeLocation?: { url?: string; lineNumber?: number; columnNumber?: number };
  };
  const at = d.sourceCodeLocation;
  const where = at?.url ? ` at ${new URL(at.url).pathname}:${(at.lineNumber ?? 0) + 1}:${(at.columnNumber ?? 0) + 1}` : '';
  return `CSP ${d.violatedDirective ?? ''} ${d.contentSecurityPolicyViolationType ?? ''}${d.blockedURL ? ` ${d.blockedURL}` : ''}${where}`;
}

async function jsUntilIdle(url: string, distDir: string): Promise<IdleLoad> {
  const html = await (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const issues: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') issues.push(`console error: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
    });
    page.on('pageerror', (error) => issues.push(`uncaught: ${error.message}`));
    const cdp = await context.newCDPSession(page);
    cdp.on('Audits.issueAdded', ({ issue }) => {
      const text = issueText(issue as unknown as { code: string; details: Record<string, unknown> });
      if (text) issues.push(text);
    });
    await cdp.send('Audits.enable');
    let inFlight = 0;
    let lastActivity = Date.now();
    const bodies = new Map<string, Promise<Buffer | null>>();
    page.on('request', () => {
      inFlight++;
      lastActivity = Date.now();
    });
    const settled = () => {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('response', (response) => {
      const responseUrl = new URL(response.url());
      const type = response.headers()['content-type'] ?? '';
      if (!responseUrl.pathname.endsWith('.js') && !/javascript/i.test(type)) return;
      if (bodies.has(responseUrl.href)) return;
      // Prefetches give Playwright no body (or an empty one): those are fetched again (decoded) from the server.
      bodies.set(
        responseUrl.href,
        response
          .body()
          .then((body) => (body.length > 0 ? body : Promise.reject(new Error('no body'))))
          .catch(() =>
            fetch(responseUrl).then(
              async (r) => Buffer.from(await r.arrayBuffer()),
              () => null,
            ),
          ),
      );
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < IDLE_MS)) await sleep(100);
    // A server-rendered page's entry is added after its first paint, and adds its screen's modulepreloads itself
    // (src/server/pages/entryAfterPaint.ts, src/runtime/startup/screenCode.ts).
    const added = await page.$$eval('script[type="module"][src], link[rel="modulepreload"]', (tags) => tags.map((t) => t.outerHTML));
    const stages = scriptStages(html + added.join(''), distDir);
    const files: JsFile[] = [];
    for (const [href, body] of bodies) {
      const data = await body;
      const pathname = new URL(href).pathname.replace(/^\//, '');
      files.push({ path: pathname, gzip: data ? gzipSync(data, { level: 9 }).length : Number.NaN, stage: stages.get(pathname) ?? 'later' });
    }
    await context.close();
    return { files, issues: [...new Set(issues)] };
  } finally {
    await browser.close();
  }
}

function printJs(appLoad: IdleLoad, floorLoad: IdleLoad): BudgetRow[] {
  const app = appLoad.files;
  const floor = floorLoad.files;
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const sum = (files: JsFile[]) => files.reduce((total, f) => total + f.gzip, 0);
  console.log(`\nJS on '/' until network idle (+${IDLE_MS / 1000} s quiet), Chromium 390×844 mobile; gzip -9 of each response body`);
  for (const stage of ['entry', 'screen'] as const)
    for (const f of app.filter((f) => f.stage === stage)) console.log(`  ${f.path.padEnd(56)}${kb(f.gzip).padStart(10)}  ${stage}`);
  const later = app.filter((f) => f.stage === 'later').sort((a, b) => b.gzip - a.gzip);
  for (const f of later.slice(0, 5)) console.log(`  ${f.path.padEnd(56)}${kb(f.gzip).padStart(10)}  later`);
  if (later.length > 5)
    console.log(`  ${`... ${later.length - 5} more loaded later`.padEnd(56)}${kb(sum(later.slice(5))).padStart(10)}  later`);
  const entry = app.filter((f) => f.stage === 'entry');
  const firstScreen = app.filter((f) => f.stage !== 'later');
  const rows: BudgetRow[] = [
    { name: 'entry', gzip: sum(entry), budget: JS_BUDGETS.entryGzip, met: false },
    { name: 'total', gzip: sum(app), budget: JS_BUDGETS.totalGzip, met: false },
  ];
  for (const row of rows) row.met = row.gzip <= row.budget;
  const line = (name: string, files: JsFile[], verdict: string) =>
    console.log(`  ${`${name} (${files.length} files)`.padEnd(56)}${kb(sum(files)).padStart(10)}  ${verdict}`);
  const verdict = (row: BudgetRow) => `budget ≤ ${kb(row.budget)}: ${row.met ? 'met' : `MISSED by ${kb(row.gzip - row.budget)}`}`;
  line('entry', entry, verdict(rows[0]!));
  line("entry + the screen's own chunks (before the page is interactive)", firstScreen, '');
  line('total, prefetches included', app, verdict(rows[1]!));
  const floorEntry = sum(floor.filter((f) => f.stage === 'entry'));
  console.log(`  ${`${FLOOR}: entry / total (${floor.length} files)`.padEnd(56)}${kb(floorEntry).padStart(10)} / ${kb(sum(floor))}`);
  for (const [name, load] of [
    ['app', appLoad],
    [FLOOR, floorLoad],
  ] as const) {
    console.log(`  Issues on '/' (${name})${load.issues.length ? ':' : ': none'}`);
    for (const issue of load.issues) console.log(`    ${issue}`);
  }
  return rows;
}

// The part ----------------------------------------------------------------------------------

/** What a server answered for the entry script, as Chromium asks for it. */
async function encodingOf(url: string, html: string): Promise<string> {
  // A server-rendered page names it in `data-entry` (src/server/pages/entryAfterPaint.ts).
  const src = /<script[^>]*(?:type="module"[^>]*src|data-entry)="([^"]+)"/.exec(html)?.[1];
  if (!src) return 'no module script';
  const response = await fetch(new URL(src, url), { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
  await response.arrayBuffer();
  return response.headers.get('content-encoding') ?? 'identity';
}

export async function runLighthouseBench(): Promise<{ met: boolean }[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const appDist = path.join(root, 'app');
  const floorDist = path.join(root, 'floor');
  const servers: Served[] = [];
  try {
    console.log('\nLighthouse (mobile, simulated throttling), Debian Chromium: building the app and the floor...');
    await viteBuild({ outDir: appDist, quiet: true });
    await buildFloor(floorDist, path.join(root, 'vite-cache'));
    const appPort = await freePort();
    let app = await startAppServer(appDist, path.join(root, 'data'), appPort);
    servers.push(app);
    const floor = await startFloorServer(floorDist);
    servers.push(floor);
    const [appHtml, floorHtml] = await Promise.all([app.url, floor.url].map(async (u) => (await fetch(`${u}/`)).text()));
    console.log(
      `  Content-Encoding of the entry script (Accept-Encoding: gzip, deflate, br, zstd): app ${await encodingOf(app.url, appHtml!)}, ` +
        `floor ${await encodingOf(floor.url, floorHtml!)}`,
    );

    const targets = [{ name: FLOOR, url: `${floor.url}/` }, ...PAGES.map((p) => ({ name: p, url: `${app.url}${p}` }))];
    const runs = new Map(targets.map((t) => [t.name, [] as RunFigures[]]));
    const errors = new Map(targets.map((t) => [t.name, [] as string[]]));
    for (let i = 1; i <= RUNS; i++)
      for (const target of targets) {
        process.stdout.write(`  run ${i}/${RUNS}: ${target.name}...`);
        const started = Date.now();
        // A failed run (Lighthouse's NO_NAVSTART, say: "Please run Lighthouse again") is tried once more.
        for (let attempt = 1; attempt <= 2; attempt++)
          try {
            const appStopped = app.stopped();
            if (appStopped) {
              // Said, and the server started again on the same port and data: the other runs still count.
              // (main.ts exits 0 only after SIGINT or SIGTERM: then another process signalled it.)
              console.log(`\n  The app server stopped by itself (${appStopped}); starting it again...`);
              app = await startAppServer(appDist, path.join(root, 'data'), appPort);
              servers.push(app);
            }
            const saveAs = `${target.name === FLOOR ? 'floor' : target.name.replace(/\W+/g, '') || 'landing'}-${i}`;
            runs.get(target.name)!.push(await lighthouseRun(target.url, path.join(root, `chrome-profile-${i}-${attempt}`), saveAs));
            console.log(` ${((Date.now() - started) / 1000).toFixed(0)} s${attempt > 1 ? ' (second attempt)' : ''}`);
            break;
          } catch (error) {
            if (attempt === 1) {
              process.stdout.write(` failed (${message(error).split('\n')[0]}), again...`);
              continue;
            }
            errors.get(target.name)!.push(message(error));
            console.log(` failed: ${message(error)}`);
          }
      }
    const rows = targets.map((t) => rowOf(t.name, runs.get(t.name)!, errors.get(t.name)!));
    printLighthouseTable(rows);

    let budgets: BudgetRow[];
    try {
      if (app.stopped()) {
        console.log(`  The app server stopped by itself (${app.stopped()}); starting it again...`);
        app = await startAppServer(appDist, path.join(root, 'data'), appPort);
        servers.push(app);
      }
      budgets = printJs(await jsUntilIdle(app.url, appDist), await jsUntilIdle(floor.url, floorDist));
    } catch (error) {
      console.log(
        `\nJS on '/' until network idle: not measured: ${message(error)}` +
          (app.stopped() ? ` (the app server stopped: ${app.stopped()})` : ''),
      );
      budgets = [{ name: 'JS on / until network idle', gzip: Number.NaN, budget: JS_BUDGETS.totalGzip, met: false }];
    }
    return [...rows.filter((r) => r.page !== FLOOR), ...budgets];
  } finally {
    for (const server of servers.reverse()) await server.stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}
