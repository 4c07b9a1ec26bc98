/**
 * `npm run bench -- studio`: how long an operator waits for the studio's first view, in Chromium,
 * beside a floor measured in the same run.
 *
 * - The server is the one `npm start` starts (the built app, the embedded database) in a temporary
 *   DATA_DIR, with an editor made through the admin endpoint (as `npm run operator` does).
 * - Studio: a fresh browser context (empty cache) with the editor's session, from navigating to
 *   /admin/studio to its first view ready: the workspace open, its files listed, "Choose a file to
 *   edit." in the status line. Its code is downloaded every time (nothing cached).
 * - Floor: a fresh context loading /admin/login (a server-rendered form and the same stylesheet) to
 *   its load event: what any page of this server costs in this browser on this machine now.
 * RUNS of each, interleaved; the target is the studio's median (STUDIO_TARGET_MS).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ADMIN_PREFIX } from '../../src/server/admin/prefix.ts';
import { readAdminToken } from '../../src/server/admin/token.ts';
import { readServerEnv } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';
import { STUDIO_DIR } from '../../src/server/studio/page/build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium.ts';
import { defaultOutDir, ensureBuilt, repoRoot } from './build.ts';

const RUNS = 7;
export const STUDIO_TARGET_MS = 2000;
const EDITOR = { email: 'bench-editor@example.com', password: 'bench-editor-password', role: 'editor' };

export interface StudioRow {
  what: string;
  medianMs: number;
  maxMs: number;
  met: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The studio's built JavaScript and CSS, gzip -9 (what its first view downloads). */
function studioBytes(): number {
  const folder = path.join(defaultOutDir, STUDIO_DIR, 'assets');
  return readdirSync(folder).reduce((sum, file) => sum + gzipSync(readFileSync(path.join(folder, file)), { level: 9 }).length, 0);
}

export async function runStudioBench(): Promise<StudioRow[]> {
  await ensureBuilt(defaultOutDir);
  const work = mkdtempSync(path.join(tmpdir(), 'bench-studio-'));
  const dataDir = path.join(work, 'data');
  const previousLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'silent';
  const env = readServerEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: defaultOutDir }, repoRoot);
  const { app } = await startServer(env);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The bench server has no port.');
    const site = `http://127.0.0.1:${address.port}`;
    const made = await fetch(`${site}${ADMIN_PREFIX}/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${readAdminToken(dataDir)}`, 'content-type': 'application/json' },
      body: JSON.stringify(EDITOR),
    });
    if (!made.ok) throw new Error(`Could not make the bench's editor: ${made.status} ${await made.text()}`);

    // The editor's session, logged in once through the form; each measured context starts with its cookie only.
    const login = await browser.newContext();
    const loginPage = await login.newPage();
    await loginPage.goto(`${site}/admin/login`);
    await loginPage.getByLabel('Email').fill(EDITOR.email);
    await loginPage.getByLabel('Password').fill(EDITOR.password);
    await loginPage.getByRole('button', { name: 'Log in' }).click();
    await loginPage.waitForURL(`${site}/admin/report`);
    const session = await login.storageState();
    await login.close();

    const floor: number[] = [];
    const studio: number[] = [];
    console.log(`\nStudio: its first view in Chromium, fresh cache (${RUNS} runs, interleaved with the floor)`);
    for (let i = 0; i <= RUNS; i++) {
      const bare = await browser.newContext();
      const barePage = await bare.newPage();
      let start = performance.now();
      await barePage.goto(`${site}/admin/login`, { waitUntil: 'load' });
      const floorMs = performance.now() - start;
      await bare.close();

      const context = await browser.newContext({ storageState: session });
      const page = await context.newPage();
      start = performance.now();
      await page.goto(`${site}/admin/studio`, { waitUntil: 'commit' });
      await page.getByText('Choose a file to edit.').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Open copy/en/home.yaml' }).waitFor({ timeout: 30_000 });
      const studioMs = performance.now() - start;
      await context.close();
      if (i === 0) continue; // the first makes the workspace and warms the server's caches
      floor.push(floorMs);
      studio.push(studioMs);
    }
    const floorMedian = median(floor);
    const rows: StudioRow[] = [
      { what: 'floor: /admin/login', medianMs: floorMedian, maxMs: Math.max(...floor), met: true },
      { what: 'studio first view', medianMs: median(studio), maxMs: Math.max(...studio), met: median(studio) < STUDIO_TARGET_MS },
    ];
    for (const row of rows)
      console.log(
        `  ${row.what.padEnd(22)} median ${Math.round(row.medianMs)} ms, max ${Math.round(row.maxMs)} ms, ` +
          `${(row.medianMs / floorMedian).toFixed(2)}× the floor` +
          (row === rows[0] ? '' : ` (target < ${STUDIO_TARGET_MS} ms: ${row.met ? 'met' : 'MISSED'})`),
      );
    console.log(`  the studio's code: ${(studioBytes() / 1000).toFixed(1)} KB gzip (the parents' pages never load it)`);
    return rows;
  } finally {
    await browser.close();
    await app.close();
    if (previousLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLevel;
    rmSync(work, { recursive: true, force: true });
  }
}
