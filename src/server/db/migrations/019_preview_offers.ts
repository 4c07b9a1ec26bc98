/**
 * Offers and partners a draft brings, for its preview (docs/releases.md, "Previews"): a draft's new
 * catalog entries are kept inactive with `preview_of` naming the draft, so live never sells them and
 * the draft's preview does. Publishing the draft imports them as any catalog entry (and clears
 * `preview_of`).
 */
import type { Kysely } from 'kysely';

const TABLES = ['web_offers', 'partners'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('preview_of', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('preview_of').execute();
}
