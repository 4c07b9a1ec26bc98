/**
 * Single-use codes and the batches they were created in. `code` is the primary key (canonical:
 * upper case, no dashes), and a redemption is one conditional UPDATE ... WHERE redeemed_at IS
 * NULL, so two instances redeeming the same code at once give one success.
 */
import { type Kysely, sql } from 'kysely';
import { now, oneOf } from './helpers.ts';

const kinds = ['coupon', 'comp', 'gift', 'volume', 'bulk'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('code_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', kinds)))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('web_offer_id', 'text', (c) => c.references('web_offers.id'))
    .addColumn('comp_months', 'integer', (c) => c.check(sql`comp_months = -1 or comp_months > 0`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('campaign_id', 'text', (c) => c.references('bulk_campaigns.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('purchaser_email', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('codes')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9]+$'`))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', kinds)))
    .addColumn('batch_id', 'text', (c) => c.references('code_batches.id'))
    .addColumn('web_offer_id', 'text', (c) => c.references('web_offers.id'))
    .addColumn('comp_months', 'integer', (c) => c.check(sql`comp_months = -1 or comp_months > 0`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('redeemed_at', 'timestamptz')
    .addColumn('redeemed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('codes_batch_id').on('codes').column('batch_id').execute();
  await db.schema.createIndex('codes_redeemed_by_user_id').on('codes').column('redeemed_by_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('codes').execute();
  await db.schema.dropTable('code_batches').execute();
}
