/**
 * What every start does to the database before serving (the server, the dev server, and the
 * codes / catalog CLIs when they open it themselves): apply the migrations, import the catalog
 * when the database has none, and on such a new database seed the demo codes when asked.
 */
import type { Kysely } from 'kysely';
import { seedDemoCodes } from '../catalog/demo.ts';
import { describeImport, importCatalogIfEmpty, type ImportSummary } from '../catalog/import.ts';
import { findCatalogFile, readCatalogFile } from '../catalog/read.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './types.ts';

export interface PrepareOptions {
  /** Where the catalog YAML is (FUNNELS_DIR). */
  funnelsDir: string;
  /** Seed the demo codes when the catalog is imported into a new database. */
  demoCodes: boolean;
  log?: (message: string) => void;
}

export interface PrepareResult {
  migrations: string[];
  /** The import done because the database had no catalog; null when it had one. */
  catalog: ImportSummary | null;
  demoCodes: number;
}

export async function prepareDatabase(db: Kysely<Database>, options: PrepareOptions): Promise<PrepareResult> {
  const { applied } = await migrateToLatest(db, options.log);
  const catalog = await importCatalogIfEmpty(db, () => readCatalogFile(findCatalogFile(options.funnelsDir)));
  if (catalog) options.log?.(`Database: imported the catalog (${describeImport(catalog)}).`);
  const demoCodes = catalog && options.demoCodes ? await seedDemoCodes(db, options.log) : 0;
  return { migrations: applied, catalog, demoCodes };
}
