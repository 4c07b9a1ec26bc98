/**
 * `npm run map`: writes docs/funnels/<funnel>.md for every funnel file of funnels/ — a Mermaid
 * flowchart of where every screen leads and a table of the screens (src/generators/map/). Only a
 * valid config is mapped: with a check error, the report is printed and nothing is written.
 * `npm run check` fails while a map is out of date.
 */

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blocks } from '../src/blocks/registry.ts';
import { checkAndCompile } from '../src/compiler/compile.ts';
import { formatReport } from '../src/compiler/report.ts';
import { mapFiles, writeMapFiles } from '../src/generators/map/files.ts';
import { mapSource } from '../src/generators/map/source.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv.length > 2) {
  process.stderr.write('Usage: tsx scripts/map.ts (it maps the funnels of funnels/ into docs/funnels/)\n');
  process.exit(2);
}
const result = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
if (!result.compiled) {
  process.stdout.write(formatReport(result.diagnostics, result.files));
  process.stdout.write('No map written: fix the errors above first.\n');
  process.exit(1);
}
const { written, unchanged, removed } = writeMapFiles(root, mapFiles(mapSource(result.compiled, result.files, result.schemas)));
for (const path of written) process.stdout.write(`wrote ${path}\n`);
for (const path of removed) process.stdout.write(`removed ${path} (no such funnel any more)\n`);
process.stdout.write(`${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed.\n`);
