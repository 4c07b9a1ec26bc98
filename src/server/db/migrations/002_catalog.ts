/** The catalog: partners, web offers (plans), class add-ons, bulk campaigns. Imported from funnels/catalog.yaml. */
import { type Kysely, sql } from 'kysely';
import { cents, oneOf, timestamps } from './helpers.ts';

const durations = ['monthly', 'quarterly', '6Month', 'annual', '24Month', 'lifetime'];
const subscriptionTypes = ['recurring', 'volumeLicense', 'gift', 'other'];

export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(
    db.schema
      .createTable('partners')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute();

  await timestamps(
    db.schema
      .createTable('web_offers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('plan_name', 'text', (c) => c.notNull())
      .addColumn('plan_data_key', 'text', (c) => c.notNull())
      .addColumn('subscription_duration', 'text', (c) => c.notNull().check(oneOf('subscription_duration', durations)))
      .addColumn('price_cents', 'integer', cents('price_cents'))
      .addColumn('original_price_cents', 'integer', (c) => c.check(sql`original_price_cents >= 0`))
      .addColumn('trial_duration_days', 'integer', (c) => c.notNull().defaultTo(0).check(sql`trial_duration_days >= 0`))
      .addColumn('subscription_type', 'text', (c) => c.notNull().check(oneOf('subscription_type', subscriptionTypes)))
      .addColumn('description_key', 'text', (c) => c.notNull())
      .addColumn('promo_code', 'text', (c) => c.unique().check(sql`promo_code = upper(promo_code)`))
      .addColumn('offer_title', 'text')
      .addColumn('offer_subtitle', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('is_default_offer', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('gift_months', 'integer', (c) => c.check(sql`gift_months = -1 or gift_months > 0`))
      .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('partner', 'text', (c) => c.references('partners.id'))
      .addColumn('has_classes', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('class_type', 'text', (c) => c.check(oneOf('class_type', ['live', 'onDemand'])))
      .addColumn('max_child_profiles', 'integer', (c) => c.notNull().defaultTo(3).check(sql`max_child_profiles >= 1`))
      .addColumn('parent_portal_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('web_offers_plan_id').on('web_offers').column('plan_id').execute();
  await db.schema.createIndex('web_offers_tags').on('web_offers').using('gin').column('tags').execute();

  await timestamps(
    db.schema
      .createTable('class_add_ons')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('classes_per_month', 'integer', (c) => c.notNull().check(sql`classes_per_month >= 1`))
      .addColumn('price_cents', 'integer', cents('price_cents'))
      .addColumn('today_price_cents', 'integer', cents('today_price_cents'))
      .addColumn('promo_days', 'integer', (c) => c.notNull().defaultTo(0).check(sql`promo_days >= 0`))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await timestamps(
    db.schema
      .createTable('bulk_campaigns')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('organization', 'text')
      .addColumn('web_offer_id', 'text', (c) => c.references('web_offers.id'))
      .addColumn('price_per_seat_cents', 'integer', (c) => c.check(sql`price_per_seat_cents >= 0`))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['bulk_campaigns', 'class_add_ons', 'web_offers', 'partners']) await db.schema.dropTable(table).execute();
}
