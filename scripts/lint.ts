/**
 * `npm run lint`: the code's own checks, stage 5 of `npm test`.
 *   1. Biome (biome.json): lint rules (exhaustive switches, hook rules, unused code...) and the
 *      format, without writing anything (`npm run format` writes the format).
 *   2. No line over MAX_LINE characters in src/, scripts/ and tests/ (the formatter cannot
 *      break a long string or comment).
 *   3. knip (knip.ts): no export, file or dependency nobody uses.
 * Every step runs; the exit code is 1 when any failed. Root files (vite.config.ts...) are Biome's
 * and knip's only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bin, repoRoot, run } from './lib/build.ts';

const MAX_LINE = 140;
const SOURCE_DIRS = ['src', 'scripts', 'tests'];
const SOURCE_FILE = /\.(ts|tsx|css)$/;
const SKIPPED_DIR = path.join('tests', 'fixtures');

function sourceFiles(dir: string): string[] {
  if (dir === SKIPPED_DIR) return [];
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE_FILE.test(entry.name) ? [file] : [];
  });
}

async function longLines(): Promise<number> {
  let found = 0;
  for (const file of SOURCE_DIRS.flatMap(sourceFiles))
    readFileSync(path.join(repoRoot, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line.length <= MAX_LINE) return;
        found++;
        console.log(`${file}:${index + 1}:${MAX_LINE + 1} line of ${line.length} characters (at most ${MAX_LINE})`);
      });
  return found;
}

const steps: [string, () => Promise<boolean>][] = [
  ['Biome: lint and format', async () => (await run(bin('biome'), ['ci', '--no-errors-on-unmatched', '.'])).code === 0],
  [`lines of at most ${MAX_LINE} characters`, async () => (await longLines()) === 0],
  ['knip: unused exports, files and dependencies', async () => (await run(bin('knip'), [])).code === 0],
];

let failed = 0;
for (const [name, step] of steps) {
  const ok = await step();
  console.log(`${ok ? '✓' : '✗'} ${name}`);
  if (!ok) failed++;
}
process.exit(failed === 0 ? 0 : 1);
