/**
 * Keys every server instance shares (they read the same database), made on first use: the one
 * that signs the operators' login form to its pre-session (src/server/adminPages/loginForms.ts).
 */
import type { Kysely } from 'kysely';
import { now } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_keys').execute();
}
