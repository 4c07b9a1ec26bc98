/**
 * The release each purchase was made on: the payment intent records it before any money moves
 * (src/server/payments/intents/run.ts), and the subscription and payment it records copy it. Null
 * for what was bought before, by a page that named no release, or not through a page (renewals,
 * codes granted by an operator).
 */
import type { Kysely } from 'kysely';

const TABLES = ['payment_intents', 'subscriptions', 'payments'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('release_id', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('release_id').execute();
}
