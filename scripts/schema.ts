/**
 * `npm run schema`: writes the editors' JSON Schemas of funnels/ and copy/ into schemas/ — one
 * per kind of config file and one per copy namespace, listing the project's copy keys, paths,
 * flags... (src/generators/jsonSchema/) — and maps each to its files in .vscode/settings.json.
 * `npm run check` fails while they are out of date. The config need not be valid: a file that
 * cannot be read only leaves its names out.
 */

import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blocks } from '../src/blocks/registry.ts';
import { loadProject } from '../src/compiler/load.ts';
import { writeJsonSchemaFiles } from '../src/generators/jsonSchema/files.ts';
import { projectJsonSchemas } from '../src/generators/jsonSchema/schemaFiles.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv.length > 2) {
  process.stderr.write('Usage: tsx scripts/schema.ts (it writes the JSON Schemas of funnels/ and copy/ into schemas/)\n');
  process.exit(2);
}
const project = loadProject({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
const { written, unchanged, removed } = writeJsonSchemaFiles(
  root,
  projectJsonSchemas([...project.configFiles, ...project.copyFiles], project.schemas),
);
const size = (path: string) => `${Math.ceil(statSync(join(root, path)).size / 1024)} KB`;
for (const path of written) process.stdout.write(`wrote ${path} (${size(path)})\n`);
for (const path of removed) process.stdout.write(`removed ${path} (nothing generates it any more)\n`);
const unreadable = [...project.configFiles, ...project.copyFiles].filter((f) => !f.parsed).map((f) => f.relPath);
if (unreadable.length > 0)
  process.stdout.write(`Not read (${unreadable.join(', ')}): the names they define are missing. Fix them and run this again.\n`);
process.stdout.write(`${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed.\n`);
