/**
 * `npm run bench`, preview part: in `npm run dev`, how long from saving a YAML file to the new
 * text on screen in Chromium, and whether the page reloaded on the way.
 *
 * - The dev server (scripts/lib/devServer.ts) reads temporary copies of funnels/ and copy/: the
 *   real files are never edited. The page is the landing ('/') in headless Chromium.
 * - Warm-up, not measured: the dev backend starts, the page loads with its eager screens, and
 *   nothing loads for a while (Vite's dependency optimizer may reload the page once).
 * - Copy: EDITS saves of copy/en/home.yaml, each ending the landing heading with a new marker.
 *   Funnel: EDITS saves of funnels/home.yaml, each pointing the landing's heading block at
 *   another copy key (written into the copy before the server starts) whose text is a marker.
 * - A time runs from just before the write to the first animation frame in which the page's text
 *   holds the marker, read with the page's clock (the same machine's wall clock as here).
 * - Page loads: the page's `load` events during each kind's edits.
 * - The floor: how long after the write Vite's file watcher reports the change (no compile, no
 *   browser).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium.ts';
import { startDevServer } from './devServer.ts';

const EDITS = 10;
/** What a marketer's save should take, for copy and funnel edits alike (and no page load). */
export const PREVIEW_TARGETS = { medianMs: 300, maxMs: 500 };
/** Between two edits, after the last one showed. */
const PAUSE_MS = 300;
const SHOWN_TIMEOUT_MS = 30_000;

interface EditKind {
  name: string;
  /** Relative to the temporary folder: 'copy/en/home.yaml'. */
  file: string;
  /** The file's text for edit `i`, and the text that shows once it applies. */
  edit(original: string, i: number): { text: string; marker: string };
}

export interface PreviewRow {
  kind: string;
  times: number[];
  /** Save → Vite's watcher event, per edit. */
  watch: number[];
  pageLoads: number;
  met: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the page's clock at the first animation frame whose text holds `marker`. */
async function shownAt(page: Page, marker: string): Promise<number> {
  const handle = await page.waitForFunction((m) => (document.body?.textContent?.includes(m) ? Date.now() : false), marker, {
    polling: 'raf',
    timeout: SHOWN_TIMEOUT_MS,
  });
  return (await handle.jsonValue()) as number;
}

/** Waits until no page load happened for `quietMs` and the network is idle. */
async function settle(page: Page, loads: () => number, quietMs = 2000): Promise<void> {
  for (;;) {
    const before = loads();
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await sleep(quietMs);
    if (loads() === before) return;
  }
}

export async function runPreviewBench(): Promise<PreviewRow[]> {
  const nonce = Date.now().toString(36);
  const funnelMarker = (i: number) => `Funnel edit ${i} ${nonce}`;
  const kinds: EditKind[] = [
    {
      name: 'copy: copy/en/home.yaml, landing heading text',
      file: 'copy/en/home.yaml',
      edit: (original, i) => {
        const marker = `Copy edit ${i} ${nonce}`;
        return { text: original.replace(/^heading: .*$/m, `heading: Start your free trial today! ${marker}`), marker };
      },
    },
    {
      name: "funnel: funnels/home.yaml, heading's copy key",
      file: 'funnels/home.yaml',
      edit: (original, i) => ({ text: original.replace('text: home:heading', `text: home:benchFunnelEdit${i}`), marker: funnelMarker(i) }),
    },
  ];

  console.log(`\nPreview in npm run dev: save → new text on screen in Chromium (${EDITS} edits of each kind)`);
  const server = await startDevServer({
    prepare: ({ copyDir }) => {
      const file = path.join(copyDir, 'en/home.yaml');
      const keys = Array.from({ length: EDITS }, (_, i) => `benchFunnelEdit${i}: ${funnelMarker(i)}\n`).join('');
      writeFileSync(file, `${readFileSync(file, 'utf8')}${keys}`);
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const rows: PreviewRow[] = [];
  try {
    const root = path.dirname(server.funnelsDir);
    const page = await browser.newPage();
    let loads = 0;
    page.on('load', () => loads++);
    let watchedChange: ((file: string) => void) | undefined;
    server.vite.watcher.on('change', (file) => watchedChange?.(path.resolve(file)));

    console.log('  warming up: the dev backend, the landing page and its eager screens...');
    await fetch(`${server.url}/healthz`).catch(() => undefined);
    await page.goto(`${server.url}/`, { timeout: 120_000 });
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
    await settle(page, () => loads);

    for (const kind of kinds) {
      const file = path.join(root, kind.file);
      const original = readFileSync(file, 'utf8');
      const loadsBefore = loads;
      const times: number[] = [];
      const watch: number[] = [];
      for (let i = 0; i < EDITS; i++) {
        const { text, marker } = kind.edit(original, i);
        if (text === original) throw new Error(`The ${kind.file} edit changed nothing: has the file changed?`);
        const shown = shownAt(page, marker);
        let watchedAt: number | undefined;
        watchedChange = (changed) => {
          if (changed === file) watchedAt ??= Date.now();
        };
        const savedAt = Date.now();
        writeFileSync(file, text);
        times.push((await shown) - savedAt);
        if (watchedAt !== undefined) watch.push(watchedAt - savedAt);
        if (loads !== loadsBefore) await page.waitForLoadState('networkidle', { timeout: 60_000 });
        await sleep(PAUSE_MS);
      }
      const pageLoads = loads - loadsBefore;
      const met = median(times) <= PREVIEW_TARGETS.medianMs && Math.max(...times) <= PREVIEW_TARGETS.maxMs && pageLoads === 0;
      rows.push({ kind: kind.name, times, watch, pageLoads, met });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  printPreviewTable(rows);
  return rows;
}

function printPreviewTable(rows: PreviewRow[]) {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const line = (cells: string[]) => `  ${cells[0]!.padEnd(48)}${cells[1]!.padStart(10)}${cells[2]!.padStart(10)}${cells[3]!.padStart(12)}`;
  console.log('');
  console.log(line(['edit', 'median', 'max', 'page loads']));
  for (const r of rows) console.log(line([r.kind, ms(median(r.times)), ms(Math.max(...r.times)), String(r.pageLoads)]));
  const watch = rows.flatMap((r) => r.watch);
  if (watch.length) console.log(line(["floor: save → Vite's file watcher", ms(median(watch)), ms(Math.max(...watch)), '']));
  for (const r of rows) console.log(`  ${r.kind.split(':')[0]} runs: ${r.times.map((t) => Math.round(t)).join(', ')} ms`);
  const { medianMs, maxMs } = PREVIEW_TARGETS;
  console.log(
    `  Targets: median ≤ ${medianMs} ms, max ≤ ${maxMs} ms, no page load → ` +
      rows.map((r) => `${r.kind.split(':')[0]} ${r.met ? 'met' : 'MISSED'}`).join(', '),
  );
}
