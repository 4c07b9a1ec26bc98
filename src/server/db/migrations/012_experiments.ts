/**
 * What the experiments report counts: each visitor's first exposure to an
 * experiment (one row per experiment and visitor: the variant they were assigned), each
 * visitor's first view of a funnel's screen (the drop-off chart), and the conversions the
 * backend saw happen (sign-up, trial start, purchase, redemption) with the visitor, the
 * partner, the code campaign, the revenue and the UTM first and last touch (the visitor's touches
 * are kept as the browser reports them, since the backend calls carry only the last one).
 */
import type { Kysely } from 'kysely';
import { now, oneOf } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('experiment_exposures')
    .addColumn('experiment', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('experiment_exposures_pkey', ['experiment', 'visitor_id'])
    .execute();

  await db.schema
    .createTable('funnel_step_views')
    .addColumn('funnel', 'text', (c) => c.notNull())
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('funnel_step_views_pkey', ['funnel', 'screen', 'visitor_id'])
    .execute();

  await db.schema
    .createTable('visitors')
    .addColumn('visitor_id', 'text', (c) => c.primaryKey())
    .addColumn('first_touch', 'jsonb')
    .addColumn('last_touch', 'jsonb')
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['signup', 'trial', 'purchase', 'redemption'])))
    .addColumn('visitor_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('partner', 'text')
    .addColumn('code_campaign', 'text')
    .addColumn('revenue_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('utm_first_touch', 'jsonb')
    .addColumn('utm_last_touch', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('conversions_visitor_id').on('conversions').column('visitor_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conversions').execute();
  await db.schema.dropTable('visitors').execute();
  await db.schema.dropTable('funnel_step_views').execute();
  await db.schema.dropTable('experiment_exposures').execute();
}
