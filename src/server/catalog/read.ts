/**
 * Reads the plan catalog YAML (funnels/catalog.yaml, or the file with `catalog:` at the top
 * in FUNNELS_DIR) and validates it with the checker's schema, so a mistake is reported the way
 * `npm run check` reports it: `file:line:col`, a sentence and a suggestion.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isError } from '../../config/diagnostic.ts';
import { readConfigFile } from '../../config/load.ts';
import { formatReport } from '../../config/report.ts';
import { type Catalog, catalogFile } from '../../config/schema/catalog.ts';
import { validateConfigFile } from '../../config/validate.ts';

export class CatalogFileError extends Error {
  override name = 'CatalogFileError';
}

/** The catalog file of a funnels folder: the YAML file whose top key is `catalog:`. */
export function findCatalogFile(funnelsDir: string): string {
  const dir = path.resolve(funnelsDir);
  const preferred = path.join(dir, 'catalog.yaml');
  if (existsSync(preferred)) return preferred;
  const candidates = existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')) : [];
  for (const candidate of candidates) {
    const { file } = readConfigFile(dir, path.join(dir, candidate));
    if (file.kind === 'catalog') return file.absPath;
  }
  throw new CatalogFileError(`There is no catalog in ${dir}: add catalog.yaml with 'version: 1' and 'catalog:' (see docs/operator.md).`);
}

/** Reads and validates one catalog file; throws CatalogFileError with the checker's report. */
export function readCatalogFile(filePath: string, root: string = process.cwd()): Catalog {
  const absPath = path.resolve(root, filePath);
  if (!existsSync(absPath)) throw new CatalogFileError(`The catalog file ${absPath} does not exist.`);
  const { file, diagnostics } = readConfigFile(root, absPath);
  if (file.parsed && file.kind !== undefined && file.kind !== 'catalog')
    throw new CatalogFileError(
      `${file.relPath} is not the catalog: its top key is '${file.kind === 'experiments' ? 'flags' : file.kind}:', not 'catalog:'.`,
    );
  const all = [...diagnostics];
  let value: unknown;
  if (file.parsed && file.kind === 'catalog') {
    const result = validateConfigFile(file as typeof file & { kind: 'catalog' });
    all.push(...result.diagnostics);
    value = result.value;
  }
  if (all.some(isError) || value === undefined) throw new CatalogFileError(formatReport(all, [file]).trimEnd());
  return (value as { catalog: Catalog }).catalog;
}

/** Validates a catalog sent as data (the admin endpoint); throws CatalogFileError listing the problems. */
export function parseCatalog(data: unknown): Catalog {
  const result = catalogFile.safeParse({ version: 1, catalog: data });
  if (result.success) return result.data.catalog;
  throw new CatalogFileError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
}
