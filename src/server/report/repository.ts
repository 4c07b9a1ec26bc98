/**
 * What the report counts, straight from the tables of migration 012. The page and
 * `npm run report` both read through here (report/build.ts), so they cannot disagree. With a
 * `release`, only what happened on that release counts (migration 016: each row names its release).
 *
 * Test data is left out (migration 018, docs/releases.md "Previews"): conversions made in a release
 * preview or by its test accounts, and whatever a visitor who made one was exposed to or viewed (a
 * preview's own exposures and views are never recorded).
 */
import { sql } from 'kysely';
import type { Db } from '../db/transaction.ts';

/** Not a visitor who made test data. */
const notTestVisitor = (visitorColumn: 'e.visitor_id' | 'visitor_id') =>
  sql<boolean>`${sql.ref(visitorColumn)} not in (select visitor_id from conversions where test_data and visitor_id is not null)`;

export interface VariantCounts {
  experiment: string;
  variant: string;
  /** Exposed visitors (one exposure per experiment and visitor). */
  visitors: number;
  /** Exposed visitors with at least one conversion of that kind, whenever it happened. */
  signups: number;
  trials: number;
  purchases: number;
  /** Exposed visitors with a trial or a purchase: the conversion rate's numerator. */
  converted: number;
}

export async function countVariants(db: Db, release?: number): Promise<VariantCounts[]> {
  const rows = await db
    .with('visitor_conversions', (q) =>
      q
        .selectFrom('conversions')
        .where('visitor_id', 'is not', null)
        .where('test_data', '=', false)
        .$if(release !== undefined, (w) => w.where('release_id', '=', String(release)))
        .groupBy('visitor_id')
        .select([
          'visitor_id',
          sql<boolean>`bool_or(kind = 'signup')`.as('signed_up'),
          sql<boolean>`bool_or(kind = 'trial')`.as('trial'),
          sql<boolean>`bool_or(kind = 'purchase')`.as('purchased'),
        ]),
    )
    .selectFrom('experiment_exposures as e')
    .leftJoin('visitor_conversions as v', 'v.visitor_id', 'e.visitor_id')
    .where(notTestVisitor('e.visitor_id'))
    .$if(release !== undefined, (w) => w.where('e.release_id', '=', String(release)))
    .groupBy(['e.experiment', 'e.variant'])
    .select([
      'e.experiment',
      'e.variant',
      sql<number>`count(*)::int`.as('visitors'),
      sql<number>`(count(*) filter (where v.signed_up))::int`.as('signups'),
      sql<number>`(count(*) filter (where v.trial))::int`.as('trials'),
      sql<number>`(count(*) filter (where v.purchased))::int`.as('purchases'),
      sql<number>`(count(*) filter (where v.trial or v.purchased))::int`.as('converted'),
    ])
    .orderBy('e.experiment')
    .orderBy('e.variant')
    .execute();
  return rows;
}

export interface AttributionCounts {
  /** The partner or the code campaign. */
  key: string;
  /** Conversions of each kind (rows, not visitors: a partner's conversions often have no visitor id). */
  signups: number;
  trials: number;
  purchases: number;
  redemptions: number;
  revenueCents: number;
}

export async function countByAttribution(db: Db, column: 'partner' | 'code_campaign', release?: number): Promise<AttributionCounts[]> {
  const rows = await db
    .selectFrom('conversions')
    .where(column, 'is not', null)
    .where('test_data', '=', false)
    .$if(release !== undefined, (w) => w.where('release_id', '=', String(release)))
    .groupBy(column)
    .select([
      sql<string>`${sql.ref(column)}`.as('key'),
      sql<number>`(count(*) filter (where kind = 'signup'))::int`.as('signups'),
      sql<number>`(count(*) filter (where kind = 'trial'))::int`.as('trials'),
      sql<number>`(count(*) filter (where kind = 'purchase'))::int`.as('purchases'),
      sql<number>`(count(*) filter (where kind = 'redemption'))::int`.as('redemptions'),
      // float8: exact for any sum of cents below 2^53, and a number (not a bigint string) from every driver.
      sql<number>`coalesce(sum(revenue_cents), 0)::float8`.as('revenueCents'),
    ])
    .orderBy(column)
    .execute();
  return rows.map((row) => ({ ...row, revenueCents: Number(row.revenueCents) }));
}

export interface StepCounts {
  funnel: string;
  screen: string;
  step: number;
  visitors: number;
}

/** Distinct visitors per screen of each funnel, in step order (a screen whose step changed takes its first place). */
export async function countFunnelSteps(db: Db, release?: number): Promise<StepCounts[]> {
  return db
    .selectFrom('funnel_step_views')
    .where(notTestVisitor('visitor_id'))
    .$if(release !== undefined, (w) => w.where('release_id', '=', String(release)))
    .groupBy(['funnel', 'screen'])
    .select(['funnel', 'screen', sql<number>`min(step)::int`.as('step'), sql<number>`count(*)::int`.as('visitors')])
    .orderBy('funnel')
    .orderBy('step')
    .orderBy('screen')
    .execute();
}
