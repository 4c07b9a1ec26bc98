/**
 * `npm run check`: validates every funnel, app, experiments and copy file and resolves every
 * reference between them. Prints each problem as `file:line:col: error FL101: message` with a
 * code frame and the page of its code in docs/errors.md, then a summary.
 *
 *   tsx scripts/check.ts [--funnels DIR] [--copy DIR]
 *
 * Folders default to FUNNELS_DIR / COPY_DIR, else funnels/ and copy/ of the project root.
 * When they are the project root's own, the funnel maps of docs/funnels/ (`npm run map` writes
 * them) and the editors' JSON Schemas of schemas/ (`npm run schema`) must be up to date.
 * Exit code: 0 when there is no error (warnings such as unused copy keys are allowed),
 * 1 when there is at least one error, 2 when the command line is wrong.
 */

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkProject } from './lib/checkProject.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv: string[]): { funnels: string; copy: string } | string {
  let funnels = process.env.FUNNELS_DIR || 'funnels';
  let copy = process.env.COPY_DIR || 'copy';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (flag !== '--funnels' && flag !== '--copy') return `Unknown option '${arg}'.`;
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') return `${flag} needs a folder.`;
    if (flag === '--funnels') funnels = value;
    else copy = value;
  }
  return { funnels, copy };
}

const args = parseArgs(process.argv.slice(2));
if (typeof args === 'string') {
  process.stderr.write(`${args}\nUsage: tsx scripts/check.ts [--funnels DIR] [--copy DIR]\n`);
  process.exit(2);
}
const funnelsDir = resolve(process.cwd(), args.funnels);
const copyDir = resolve(process.cwd(), args.copy);
const check = checkProject({ root, funnelsDir, copyDir });
const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
process.stdout.write(check.report({ color }));
process.exitCode = check.failed ? 1 : 0;
