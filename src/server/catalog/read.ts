/**
 * Reads the plan catalog YAML (funnels/catalog.yaml, or the file with `catalog:` at the top
 * in FUNNELS_DIR) and validates it with the checker's schema, so a mistake is reported the way
 * `npm run check` reports it: `file:line:col`, a sentence and a suggestion.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { blocks } from '../../blocks/registry.ts';
import { configSchemas } from '../../compiler/configSchemas.ts';
import { type Diagnostic, isError } from '../../compiler/diagnostic.ts';
import { type ConfigFile, readConfigFile, readConfigFiles } from '../../compiler/load.ts';
import { formatReport } from '../../compiler/report.ts';
import { validateConfigFile } from '../../compiler/validate.ts';
import {
  type Catalog,
  type CatalogOffer,
  type CatalogPartner,
  catalogFile,
  catalogOffer,
  catalogPartner,
} from '../../language/schema/catalog.ts';
import { CatalogFileError } from './catalogFileError.ts';

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
    const result = validateConfigFile(file as typeof file & { kind: 'catalog' }, configSchemas(blocks));
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

/**
 * The whole catalog of a funnels folder: its catalog file, plus the partner and offers that
 * funnel files declare (a partner funnel made from funnels/templates/partner.yaml declares
 * both). `npm run check` reports the same problems first (src/compiler/checks/catalogParts.ts).
 */
export function readCatalog(funnelsDir: string, root: string = process.cwd()): Catalog {
  const catalog = readCatalogFile(findCatalogFile(path.resolve(root, funnelsDir)), root);
  const diagnostics: Diagnostic[] = [];
  const funnels = readConfigFiles(path.resolve(root), path.resolve(root, funnelsDir), diagnostics, blocks).filter(
    (f) => f.kind === 'funnel',
  );
  const partners: CatalogPartner[] = [...(catalog.partners ?? [])];
  const offers: CatalogOffer[] = [...catalog.offers];
  for (const file of funnels) {
    const parts = catalogPartsOf(file);
    if (!parts) continue;
    diagnostics.push(...parts.diagnostics);
    if (parts.partner) partners.push(parts.partner);
    offers.push(...parts.offers);
  }
  const problems = diagnostics.filter(isError);
  if (problems.length > 0) throw new CatalogFileError(formatReport(problems, funnels).trimEnd());
  const duplicate = offers.find((offer, i) => offers.findIndex((o) => o.id === offer.id) !== i);
  if (duplicate) throw new CatalogFileError(`The offer id '${duplicate.id}' is used twice (in the catalog or a funnel file).`);
  return { ...catalog, partners, offers };
}

/** A funnel file's `partner:` and `offers:`, validated; undefined when it declares neither. */
function catalogPartsOf(file: ConfigFile): { partner?: CatalogPartner; offers: CatalogOffer[]; diagnostics: Diagnostic[] } | undefined {
  const data = file.data as { partner?: unknown; offers?: unknown } | undefined;
  if (data?.partner === undefined && data?.offers === undefined) return undefined;
  const own = validateConfigFile(file as ConfigFile & { kind: 'funnel' }, configSchemas(blocks)).diagnostics.filter(
    (d) => d.path[0] === 'partner' || d.path[0] === 'offers',
  );
  if (own.length > 0) return { offers: [], diagnostics: own };
  // The rest of the funnel may have mistakes of its own (the checker reports them); these parts are sound.
  const partner = data.partner === undefined ? undefined : catalogPartner.parse(data.partner);
  return { ...(partner ? { partner } : {}), offers: z.array(catalogOffer).parse(data.offers ?? []), diagnostics: [] };
}
