/** Shared by the test harness (db.ts) and the server project's global setup; no vitest imports here. */
import { PGlite } from '@electric-sql/pglite';
import { databaseOnPGlite } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

/** The PostgreSQL URL of the tests (TEST_DATABASE_URL, else DATABASE_URL), or null for PGlite. */
export function testDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
}

/** A migrated PGlite data directory as a tarball (what the global setup writes to a file). */
export async function makePGliteTemplate(): Promise<Blob> {
  const pglite = await PGlite.create();
  try {
    const handle = databaseOnPGlite(pglite);
    await migrateToLatest(handle.db);
    await handle.close();
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}
