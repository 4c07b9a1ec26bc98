import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Diagnostic, error } from '../../compiler/diagnostic.ts';
import { leftoverFiles } from '../generatedFiles.ts';
import { type JsonSchemaFile, SCHEMAS_DIR } from './schemaFiles.ts';

/**
 * The committed JSON Schemas of schemas/ and the mapping that gives editors each of them
 * (.vscode/settings.json `yaml.schemas`): `npm run schema` writes both, `npm run check` fails
 * while either differs from what it would write (FL031), as for the funnel maps (FL030).
 */

/** VS Code's workspace settings: the YAML extension (redhat.vscode-yaml) reads `yaml.schemas` there. */
export const EDITOR_SETTINGS = '.vscode/settings.json';

/** The editors' mapping, schema → globs of the YAML files it is for (paths relative to the workspace). */
function yamlSchemasSetting(files: readonly JsonSchemaFile[]): Record<string, string[]> {
  return Object.fromEntries(files.map((f) => [`./${f.path}`, f.globs]));
}

/** The settings file with its `yaml.schemas` replaced; any other setting is kept. */
function settingsText(root: string, files: readonly JsonSchemaFile[]): string {
  const current = readSettings(root) ?? {};
  return `${JSON.stringify({ ...current, 'yaml.schemas': yamlSchemasSetting(files) }, null, 2)}\n`;
}

function readSettings(root: string): Record<string, unknown> | undefined {
  const path = join(root, EDITOR_SETTINGS);
  if (!existsSync(path)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The schema files in the folder now that are not generated any more (a copy namespace removed). */
const leftovers = (root: string, files: readonly JsonSchemaFile[]) =>
  leftoverFiles(
    root,
    SCHEMAS_DIR,
    '.schema.json',
    files.map((f) => f.path),
  );

interface Written {
  written: string[];
  unchanged: string[];
  removed: string[];
}

/** Writes the schemas that changed and the editors' mapping, and removes schemas nothing generates. */
export function writeJsonSchemaFiles(root: string, files: readonly JsonSchemaFile[]): Written {
  const out: Written = { written: [], unchanged: [], removed: leftovers(root, files) };
  const all = [...files, { path: EDITOR_SETTINGS, text: settingsText(root, files) }];
  for (const file of all) {
    const abs = join(root, file.path);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === file.text) out.unchanged.push(file.path);
    else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, file.text);
      out.written.push(file.path);
    }
  }
  for (const path of out.removed) rmSync(join(root, path));
  return out;
}

/** `npm run check`'s word on the schemas: one error per schema missing, out of date or left over, and on the mapping. */
export function staleJsonSchemaDiagnostics(root: string, files: readonly JsonSchemaFile[]): Diagnostic[] {
  const stale = (path: string, message: string) => error(path, [], message, { at: 'file', code: 'FL031' });
  const out: Diagnostic[] = [];
  for (const file of files) {
    const abs = join(root, file.path);
    if (!existsSync(abs))
      out.push(stale(file.path, `The JSON Schema ${file.path} is missing. Run \`npm run schema\` to write it, and commit it.`));
    else if (readFileSync(abs, 'utf8') !== file.text)
      out.push(
        stale(
          file.path,
          `The JSON Schema ${file.path} is out of date: the funnel language or the names it lists (copy keys, paths, flags...) ` +
            'changed since it was written. Run `npm run schema` to write it again, and commit it.',
        ),
      );
  }
  for (const path of leftovers(root, files))
    out.push(stale(path, 'This JSON Schema belongs to nothing any more. Run `npm run schema` to remove it (or delete the file).'));
  const mapping = readSettings(root)?.['yaml.schemas'];
  if (JSON.stringify(mapping) !== JSON.stringify(yamlSchemasSetting(files)))
    out.push(
      stale(
        EDITOR_SETTINGS,
        "The editors' mapping of files to JSON Schemas ('yaml.schemas') is out of date. " +
          'Run `npm run schema` to write it again, and commit it.',
      ),
    );
  return out;
}
