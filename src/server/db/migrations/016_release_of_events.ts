/**
 * The release each exposure, screen view and conversion happened on (src/server/releases/): the
 * report can be split by it. Null for what was recorded before, or sent by a page that named none.
 */
import type { Kysely } from 'kysely';

const TABLES = ['experiment_exposures', 'funnel_step_views', 'conversions'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('release_id', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('release_id').execute();
}
