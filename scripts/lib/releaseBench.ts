/**
 * `npm run bench`, release part: how long a marketer waits from `npm run release -- publish` (and
 * `rollback`) starting to the new text on a fresh page (docs/releases.md).
 *
 * - The server is the one `npm start` starts (the built app, the embedded database) in a temporary
 *   DATA_DIR; the checkout published is a temporary copy of funnels/ and copy/.
 * - Publish: RUNS times, the landing heading ends with a new marker; the time runs from just before
 *   the CLI starts (the same check `npm run check` makes, the upload, the server's check and
 *   compile) to the first fresh GET / whose HTML holds the marker.
 * - Rollback: after each publish, back to the release the server started with (its text).
 * - The floor: `npm run release -- list` against the same server, the CLI's own cost (Node, tsx,
 *   the admin call) with nothing checked or compiled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readServerEnv } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';
import { readCheckoutFiles, writeCheckoutFiles } from '../../src/server/releases/files.ts';
import { bin, defaultOutDir, ensureBuilt, repoRoot, run } from './build.ts';

const RUNS = 10;
/** The targets of a publish and of a rollback, to the new text on a fresh page. */
export const RELEASE_TARGETS = { publishMs: 5000, rollbackMs: 3000 };
const HEADING = 'Start your free trial today!';
const SHOWN_TIMEOUT_MS = 30_000;

export interface ReleaseRow {
  what: string;
  medianMs: number;
  maxMs: number;
  targetMs: number | null;
  met: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runReleaseBench(): Promise<ReleaseRow[]> {
  await ensureBuilt(defaultOutDir);
  const work = mkdtempSync(path.join(tmpdir(), 'bench-release-'));
  const dirs = { funnelsDir: path.join(work, 'funnels'), copyDir: path.join(work, 'copy') };
  const files = readCheckoutFiles({ funnelsDir: path.join(repoRoot, 'funnels'), copyDir: path.join(repoRoot, 'copy') });
  writeCheckoutFiles(dirs, files);
  const dataDir = path.join(work, 'data');
  const previousLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'silent';
  const env = readServerEnv(
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: defaultOutDir, FUNNELS_DIR: dirs.funnelsDir, COPY_DIR: dirs.copyDir },
    repoRoot,
  );
  const { app } = await startServer(env);
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The bench server has no port.');
  const site = `http://127.0.0.1:${address.port}`;
  // The CLI finds the server through DATA_DIR (its admin token), as `npm run codes` does; never the test run's PostgreSQL.
  const cliEnv = { DATA_DIR: dataDir, FUNNELS_DIR: dirs.funnelsDir, COPY_DIR: dirs.copyDir, NO_COLOR: '1', DATABASE_URL: undefined };

  const release = async (...args: string[]) => {
    const { code, output } = await run(bin('tsx'), [path.join(repoRoot, 'scripts/release.ts'), ...args], { quiet: true, env: cliEnv });
    if (code !== 0) throw new Error(`npm run release -- ${args.join(' ')} failed (exit ${code}):\n${output.slice(-3000)}`);
  };
  const shows = async (text: string) => {
    const until = Date.now() + SHOWN_TIMEOUT_MS;
    while (Date.now() < until) {
      const html = await (await fetch(`${site}/`, { headers: { accept: 'text/html' } })).text();
      if (html.includes(text)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`No fresh page showed '${text}' within ${SHOWN_TIMEOUT_MS} ms.`);
  };
  const timed = async (action: () => Promise<void>, text: string) => {
    const start = performance.now();
    await action();
    await shows(text);
    return performance.now() - start;
  };

  try {
    console.log(
      `\nRelease: publish and rollback to the new text on a fresh page (${RUNS} runs each; the built app, the embedded database)`,
    );
    await release('list'); // warms tsx's transform cache
    const page = await (await fetch(`${site}/`, { headers: { accept: 'text/html' } })).text();
    const deployed = /"id":(\d+)/.exec(/<script type="application\/json" id="page-release">(.*?)<\/script>/.exec(page)?.[1] ?? '')?.[1];
    if (!deployed) throw new Error('The landing carries no release.');
    const floor: number[] = [];
    for (let i = 0; i < RUNS; i++) floor.push(await timed(() => release('list'), HEADING));
    const publish: number[] = [];
    const rollback: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const marked = `${HEADING} (${i + 1})`;
      const home = files['copy/en/home.yaml']!.replace(`heading: ${HEADING}`, `heading: ${marked}`);
      writeCheckoutFiles(dirs, { ...files, 'copy/en/home.yaml': home });
      publish.push(await timed(() => release('publish', '--message', `bench ${i + 1}`), marked));
      rollback.push(await timed(() => release('rollback', deployed), `${HEADING}</h1>`));
    }
    const rows: ReleaseRow[] = [
      { what: 'floor: release list', medianMs: median(floor), maxMs: Math.max(...floor), targetMs: null, met: true },
      ...(
        [
          ['publish → new text', publish, RELEASE_TARGETS.publishMs],
          ['rollback → earlier text', rollback, RELEASE_TARGETS.rollbackMs],
        ] as const
      ).map(([what, times, targetMs]) => ({
        what,
        medianMs: median(times),
        maxMs: Math.max(...times),
        targetMs,
        met: median(times) <= targetMs,
      })),
    ];
    const floorMs = rows[0]!.medianMs;
    for (const row of rows)
      console.log(
        `  ${row.what.padEnd(26)} median ${Math.round(row.medianMs)} ms, max ${Math.round(row.maxMs)} ms, ` +
          `${(row.medianMs / floorMs).toFixed(2)}× the floor` +
          (row.targetMs === null ? '' : ` (target ≤ ${row.targetMs} ms: ${row.met ? 'met' : 'MISSED'})`),
      );
    return rows;
  } finally {
    await app.close();
    if (previousLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLevel;
    rmSync(work, { recursive: true, force: true });
  }
}
