/**
 * The outbox's `secret`: the one secret a delivery needs (the token of a password-reset link),
 * kept apart from the payload and erased once the message is delivered (src/server/outbox/).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('secret', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('secret').execute();
}
