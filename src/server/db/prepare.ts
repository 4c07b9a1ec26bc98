/**
 * What every start does to the database before serving (the server, the dev server, and the
 * codes / catalog CLIs when they open it themselves): apply the migrations, import the catalog
 * when the database has none, and on such a new database seed the demo codes when they are on.
 * With demo codes off, unredeemed ones that an earlier run seeded are removed.
 */
import type { Kysely } from 'kysely';
import { removeUnredeemedDemoCodes, seedDemoCodes } from '../catalog/demo.ts';
import { describeImport, type ImportSummary, importCatalogIfEmpty } from '../catalog/import.ts';
import { readCatalog } from '../catalog/read.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './types.ts';

export interface PrepareOptions {
  /** Where the catalog YAML is (FUNNELS_DIR). */
  funnelsDir: string;
  /** Demo codes on: seeded when the catalog is imported into a new database. Off: unredeemed ones removed. */
  demoCodes: boolean;
  log?: (message: string) => void;
}

export interface PrepareResult {
  migrations: string[];
  /** The import done because the database had no catalog; null when it had one. */
  catalog: ImportSummary | null;
  demoCodes: number;
  /** Unredeemed demo codes removed because demo codes are off. */
  demoCodesRemoved: number;
}

export async function prepareDatabase(db: Kysely<Database>, options: PrepareOptions): Promise<PrepareResult> {
  const { applied } = await migrateToLatest(db, options.log);
  const catalog = await importCatalogIfEmpty(db, () => readCatalog(options.funnelsDir));
  if (catalog) options.log?.(`Database: imported the catalog (${describeImport(catalog)}).`);
  const demoCodes = catalog && options.demoCodes ? await seedDemoCodes(db, options.log) : 0;
  const demoCodesRemoved = options.demoCodes ? 0 : await removeUnredeemedDemoCodes(db, options.log);
  return { migrations: applied, catalog, demoCodes, demoCodesRemoved };
}
