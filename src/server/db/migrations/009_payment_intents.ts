/**
 * Write-ahead payments (src/server/payments/intents/): every charge-creating call records its
 * intent — who pays what, how to record it, the idempotency key that asked — in a committed row
 * before the gateway is called, under an id the gateway gets as its own reference (the order id
 * of a sale, the id of a subscription). Reconciliation finds an unfinished intent's charge at
 * the gateway by that reference and completes or reverses it.
 *
 * Also: the sandbox gateway's transactions can be voided or refunded (a reversal), and are
 * found by order id.
 */
import { type Kysely, sql } from 'kysely';
import { now, oneOf } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['purchase', 'addOn', 'upgrade', 'pastDue', 'bulk'])))
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('idempotency_scope', 'text')
    .addColumn('idempotency_key', 'text')
    // One call may charge for several things (two past-due plans paid with one new card).
    .addColumn('part', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ['open', 'completed', 'failed', 'reversed'])))
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .addColumn('outcome', 'jsonb')
    .addColumn('answer', 'jsonb')
    .addColumn('failure', 'jsonb')
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text', (c) => c.check(oneOf('resolved_by', ['request', 'reconciliation'])))
    .execute();
  await sql`
    create unique index payment_intents_idempotency on payment_intents (idempotency_scope, idempotency_key, part)
    where idempotency_key is not null`.execute(db);
  await sql`create index payment_intents_open on payment_intents (lease_until) where status = 'open'`.execute(db);
  await db.schema.createIndex('payment_intents_user_id').on('payment_intents').columns(['user_id', 'status']).execute();

  await sql`alter table sandbox_transactions drop constraint sandbox_transactions_status_check`.execute(db);
  await sql`
    alter table sandbox_transactions add constraint sandbox_transactions_status_check
    check (status in ('settled', 'declined', 'failed', 'voided', 'refunded'))`.execute(db);
  await db.schema.createIndex('sandbox_transactions_order_id').on('sandbox_transactions').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sandbox_transactions_order_id').execute();
  await sql`alter table sandbox_transactions drop constraint sandbox_transactions_status_check`.execute(db);
  await sql`
    alter table sandbox_transactions add constraint sandbox_transactions_status_check
    check (status in ('settled', 'declined', 'failed'))`.execute(db);
  await db.schema.dropTable('payment_intents').execute();
}
