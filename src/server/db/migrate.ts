/**
 * Versioned migrations (src/server/db/migrations/), applied in order at every start before the
 * server listens, and by the test harness. Kysely's Migrator records them in
 * `kysely_migration` and holds an advisory lock while it runs, so several instances starting
 * together on one PostgreSQL apply each migration once.
 */
import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index.ts';

export interface MigrateResult {
  /** Migrations applied by this call, in order (empty when the database was up to date). */
  applied: string[];
}

export async function migrateToLatest(db: Kysely<any>, log?: (message: string) => void): Promise<MigrateResult> {
  // The bookkeeping tables go in the schema the connection works in (search_path): found by
  // name alone, a `kysely_migration` of another schema could be taken for ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  const applied = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Database migration ${failed ?? ''} failed: ${cause}`.replace('  ', ' '), { cause: result.error });
  }
  if (log && applied.length > 0) log(`Database: applied migration${applied.length === 1 ? '' : 's'} ${applied.join(', ')}.`);
  return { applied };
}
