/**
 * `npm run bench`: what a parent downloads before the landing page shows, how long
 * `npm run check` takes, and how fast the backend answers two calls.
 *
 * `npm run bench -- bundle | check | api | preview | release | studio | lighthouse` runs one part (several may be named).
 *
 * 1. Builds the app (with Vite's manifest) into a temporary folder.
 * 2. The landing route's JS: the entry chunk and its static imports (what every page loads),
 *    with the budget: gzip ≤ 120 KB; then the landing's own chunks (its screen's and its blocks',
 *    which its server-rendered page preloads); and the app's CSS. Printed as bytes, gzip
 *    (level 9) and brotli (quality 11).
 * 3. Times `tsx scripts/check.ts` over all configs: 1 warm-up run, then 5 measured runs.
 *
 * 4. Requests per second and latency of GetDefaultPlans and GetUserExistsByUsername on PGlite
 *    and on PostgreSQL (scripts/lib/apiBench.ts), with their targets (TARGETS in apiBench.ts).
 *
 * 5. In `npm run dev`, save → new text on screen in Chromium for copy and funnel edits, with the
 *    page loads (scripts/lib/previewBench.ts; targets PREVIEW_TARGETS there).
 *
 * 6. The studio's first view in Chromium beside a bare /admin page (scripts/lib/studioBench.ts;
 *    target STUDIO_TARGET_MS there).
 *
 * 7. Lighthouse (mobile) on '/', '/login', '/promo' and '/gift' of a fresh production build,
 *    beside a bare React + react-router floor page built in the same run: median of 3 interleaved
 *    runs of the scores, LCP, TBT, CLS, FCP and script bytes; then the JS '/' downloads until the
 *    network is idle, entry and total, gzip -9 (scripts/lib/lighthouseBench.ts; targets
 *    LIGHTHOUSE_TARGETS and JS_BUDGETS there).
 *
 * Exits 1 when the JS budget is exceeded or an API, preview or Lighthouse target is missed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { blockChunkKey, entryKey, type Manifest, withStaticImports } from '../src/server/pages/manifest.ts';
import { checkoutReleaseId } from '../src/server/releases/checkoutSource.ts';
import { type CompiledRelease, compileRelease } from '../src/server/releases/compiled.ts';
import { hashFiles, readCheckoutFiles } from '../src/server/releases/files.ts';
import { runApiBench } from './lib/apiBench.ts';
import { bin, repoRoot, run, viteBuild } from './lib/build.ts';
import { runLighthouseBench } from './lib/lighthouseBench.ts';
import { runPreviewBench } from './lib/previewBench.ts';
import { runReleaseBench } from './lib/releaseBench.ts';
import { runStudioBench } from './lib/studioBench.ts';

/** 120 KB, in the web-performance sense of kilobytes (1000 bytes): the stricter reading. */
const JS_GZIP_BUDGET = 120_000;
const CHECK_RUNS = 5;

/** The checkout's release, compiled as the server compiles it (what its pages carry and fetch). */
function checkoutRelease() {
  const funnelsDir = path.resolve(repoRoot, process.env.FUNNELS_DIR || 'funnels');
  const copyDir = path.resolve(repoRoot, process.env.COPY_DIR || 'copy');
  const files = readCheckoutFiles({ funnelsDir, copyDir });
  return compileRelease({ id: checkoutReleaseId(hashFiles(files)), files });
}

/** The id of the screen at `routePath`. */
function screenIdAt(release: CompiledRelease, routePath: string): string {
  const route = release.project.config.routes.find((r) => r.path === routePath);
  if (!route) throw new Error(`No screen has the path ${routePath}.`);
  return route.screenId;
}

interface Sizes {
  bytes: number;
  gzip: number;
  brotli: number;
}

function sizesOf(outDir: string, files: string[], texts: Record<string, string> = {}): Sizes & { files: (Sizes & { file: string })[] } {
  const rows = [...files, ...Object.keys(texts)].map((file) => {
    const data = Object.hasOwn(texts, file) ? Buffer.from(texts[file]!) : readFileSync(path.join(outDir, file));
    return {
      file,
      bytes: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }).length,
    };
  });
  const sum = (k: keyof Sizes) => rows.reduce((total, row) => total + row[k], 0);
  return { bytes: sum('bytes'), gzip: sum('gzip'), brotli: sum('brotli'), files: rows };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const pad = (s: string, n: number) => s.padEnd(n);
const padL = (s: string, n: number) => s.padStart(n);

function printTable(title: string, sizes: ReturnType<typeof sizesOf>) {
  console.log(`\n${title}`);
  console.log(`  ${pad('file', 48)}${padL('bytes', 12)}${padL('gzip -9', 12)}${padL('brotli -11', 12)}`);
  for (const row of sizes.files)
    console.log(`  ${pad(row.file, 48)}${padL(kb(row.bytes), 12)}${padL(kb(row.gzip), 12)}${padL(kb(row.brotli), 12)}`);
  console.log(`  ${pad('total', 48)}${padL(kb(sizes.bytes), 12)}${padL(kb(sizes.gzip), 12)}${padL(kb(sizes.brotli), 12)}`);
}

async function timeCheck(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= CHECK_RUNS; i++) {
    const start = process.hrtime.bigint();
    const { code, output } = await run(bin('tsx'), [path.join(repoRoot, 'scripts/check.ts')], { quiet: true });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (code !== 0) throw new Error(`npm run check failed (exit ${code}); fix the config first:\n${output.slice(-3000)}`);
    if (i > 0) times.push(ms); // run 0 warms the file cache and tsx's transform cache
  }
  return times;
}

const PARTS = ['bundle', 'check', 'api', 'preview', 'release', 'studio', 'lighthouse'] as const;
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(PARTS as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`Unknown part ${unknown.join(', ')}: name ${PARTS.join(', ')} (or nothing for all).`);
  process.exit(2);
}
const wants = (part: (typeof PARTS)[number]) => asked.length === 0 || asked.includes(part);

let overBudget = false;
if (wants('bundle')) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-build-'));
  try {
    console.log('Building the app for measurement...');
    await viteBuild({ outDir, quiet: true });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = entryKey(manifest);
    if (!entry) throw new Error('The manifest has no entry chunk.');
    const release = checkoutRelease();
    const screenId = screenIdAt(release, '/');
    const entryChunks = withStaticImports(manifest, entry, new Set());
    // The landing's own chunks, which its page preloads: its on-demand blocks' (src/server/pages/appPages.ts).
    const screenChunks = new Set<string>();
    for (const type of release.pages.screens[screenId]?.blockTypes ?? []) {
      const block = blockChunkKey(manifest, type);
      if (block) withStaticImports(manifest, block, screenChunks);
    }
    const ownChunks = [...screenChunks].filter((k) => !entryChunks.has(k));

    // One stylesheet for the whole app (vite.config.ts, cssCodeSplit: false), or each chunk's own.
    const css = [
      ...new Set([...entryChunks, ...ownChunks].flatMap((k) => manifest[k]!.css ?? []).concat(manifest['style.css']?.file ?? [])),
    ];
    const entrySizes = sizesOf(
      outDir,
      [...entryChunks].map((k) => manifest[k]!.file),
    );
    const ownSizes = sizesOf(
      outDir,
      ownChunks.map((k) => manifest[k]!.file),
    );
    const cssSizes = sizesOf(outDir, css);
    // What the page carries of its release (src/runtime/startup/release.ts): the config, the shell's copy, the screen.
    const screen = release.screen(screenId);
    const releaseSizes = sizesOf(outDir, [], {
      'config (page-release)': JSON.stringify(release.project.config),
      'shell copy (page-release)': JSON.stringify(release.project.shellCopy),
      [`screen ${screenId} (page-release)`]: JSON.stringify(screen ?? {}),
    });

    console.log(`\nLanding route '/' (screen '${screenId}'): JS and CSS before it is interactive`);
    printTable('JavaScript: the entry (every page)', entrySizes);
    printTable("JavaScript: the landing's own chunks (its screen and blocks, preloaded by its page)", ownSizes);
    printTable('CSS', cssSizes);
    printTable("The release's data in the page's HTML (JSON, no script: was in the entry and the screen's chunk)", releaseSizes);
    overBudget = entrySizes.gzip > JS_GZIP_BUDGET;
    const margin = entrySizes.gzip - JS_GZIP_BUDGET;
    console.log(
      `\nBudget: the entry's JS ≤ ${kb(JS_GZIP_BUDGET)} gzip → ${kb(entrySizes.gzip)}: ` +
        `${overBudget ? `OVER by ${kb(margin)}` : `within (${kb(-margin)} to spare)`}; ` +
        `with the landing's own chunks ${kb(entrySizes.gzip + ownSizes.gzip)} ` +
        "(everything on '/', prefetches included: npm run bench -- lighthouse).",
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (wants('check')) {
  console.log(`\nnpm run check over all configs (tsx scripts/check.ts; 1 warm-up + ${CHECK_RUNS} runs)...`);
  const times = await timeCheck();
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `  mean ${mean.toFixed(0)} ms   min ${Math.min(...times).toFixed(0)} ms   ` +
      `max ${Math.max(...times).toFixed(0)} ms   ` +
      `(runs: ${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
}

let apiMissed = false;
if (wants('api')) {
  const rows = await runApiBench();
  apiMissed = rows.some((row) => !row.met);
  if (apiMissed)
    console.log(
      `\nAPI targets missed: ${rows
        .filter((r) => !r.met)
        .map((r) => `${r.call} on ${r.database}`)
        .join(', ')}.`,
    );
}

let previewMissed = false;
if (wants('preview')) previewMissed = (await runPreviewBench()).some((row) => !row.met);

let releaseMissed = false;
if (wants('release')) releaseMissed = (await runReleaseBench()).some((row) => !row.met);

let studioMissed = false;
if (wants('studio')) studioMissed = (await runStudioBench()).some((row) => !row.met);

let lighthouseMissed = false;
if (wants('lighthouse')) lighthouseMissed = (await runLighthouseBench()).some((row) => !row.met);

if (overBudget || apiMissed || previewMissed || releaseMissed || studioMissed || lighthouseMissed) process.exit(1);
