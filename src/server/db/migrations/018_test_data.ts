/**
 * Test data: an account made in a release preview (src/server/releases/previews.ts), and the
 * conversions of a preview visit or of such an account. The report leaves them out; a test account
 * pays on the sandbox gateway, so its subscriptions and payments are test data through it
 * (docs/releases.md, "Previews").
 */
import type { Kysely } from 'kysely';

const TABLES = ['users', 'conversions'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('test_data', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('test_data').execute();
}
