/**
 * The experiments report's records (migration 012). Each keeps the first of its kind: a second
 * exposure of a visitor to an experiment, or a second view of a screen, changes nothing.
 */
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Db } from '../db/transaction.ts';
import type { ConversionKind } from '../db/types.ts';

type Touch = Record<string, string> | null;

export async function insertExposure(
  db: Db,
  e: { experiment: string; variant: string; visitorId: string; releaseId: number | null },
): Promise<void> {
  await db
    .insertInto('experiment_exposures')
    .values({ experiment: e.experiment, variant: e.variant, visitor_id: e.visitorId, release_id: e.releaseId })
    .onConflict((oc) => oc.columns(['experiment', 'visitor_id']).doNothing())
    .execute();
}

export async function insertStepView(
  db: Db,
  v: { funnel: string; screen: string; step: number; visitorId: string; releaseId: number | null },
): Promise<void> {
  await db
    .insertInto('funnel_step_views')
    .values({ funnel: v.funnel, screen: v.screen, step: v.step, visitor_id: v.visitorId, release_id: v.releaseId })
    .onConflict((oc) => oc.columns(['funnel', 'screen', 'visitor_id']).doNothing())
    .execute();
}

/** Keeps the visitor's first touch once known; the last touch is the latest one reported. */
export async function recordTouches(db: Db, t: { visitorId: string; firstTouch: Touch; lastTouch: Touch }): Promise<void> {
  const first = t.firstTouch ? JSON.stringify(t.firstTouch) : null;
  const last = t.lastTouch ? JSON.stringify(t.lastTouch) : null;
  await db
    .insertInto('visitors')
    .values({ visitor_id: t.visitorId, first_touch: first, last_touch: last })
    .onConflict((oc) =>
      oc.column('visitor_id').doUpdateSet({
        first_touch: sql`coalesce(visitors.first_touch, excluded.first_touch)`,
        last_touch: sql`coalesce(excluded.last_touch, visitors.last_touch)`,
        last_seen_at: sql`now()`,
      }),
    )
    .execute();
}

export async function findVisitorTouches(db: Db, visitorId: string): Promise<{ firstTouch: Touch; lastTouch: Touch } | undefined> {
  const row = await db.selectFrom('visitors').select(['first_touch', 'last_touch']).where('visitor_id', '=', visitorId).executeTakeFirst();
  return row && { firstTouch: row.first_touch, lastTouch: row.last_touch };
}

export interface ConversionRecord {
  kind: ConversionKind;
  visitorId: string | null;
  userId: string | null;
  partner: string | null;
  codeCampaign: string | null;
  revenueCents: number;
  firstTouch: Touch;
  lastTouch: Touch;
  /** The release the page was on (its X-Release header); null when it named none. */
  releaseId: number | null;
  testData: boolean;
}

export async function insertConversion(db: Db, c: ConversionRecord): Promise<void> {
  await db
    .insertInto('conversions')
    .values({
      id: newId(),
      kind: c.kind,
      visitor_id: c.visitorId,
      user_id: c.userId,
      partner: c.partner,
      code_campaign: c.codeCampaign,
      revenue_cents: c.revenueCents,
      utm_first_touch: c.firstTouch ? JSON.stringify(c.firstTouch) : null,
      utm_last_touch: c.lastTouch ? JSON.stringify(c.lastTouch) : null,
      release_id: c.releaseId,
      test_data: c.testData,
    })
    .execute();
}

/** What a new subscription charged today (settled payments) and whether it began with a trial. */
export async function subscriptionStart(
  db: Db,
  subscriptionId: string,
): Promise<{ chargedCents: number; trial: boolean; partner: string | null } | undefined> {
  const subscription = await db
    .selectFrom('subscriptions')
    .select(['trial_duration_days', 'partner'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  if (!subscription) return undefined;
  const paid = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('cents'))
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'settled')
    .executeTakeFirstOrThrow();
  return { chargedCents: Number(paid.cents), trial: subscription.trial_duration_days > 0, partner: subscription.partner };
}

/** The partner the account signed up with (its partner's signup page), if any. */
export async function accountPartner(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('partner').where('id', '=', userId).executeTakeFirst();
  return row?.partner ?? null;
}

/** A code's campaign: its bulk campaign, else its batch's note, else its batch; a code not in the table is its own (a promo code). */
export async function codeCampaign(db: Db, canonicalCode: string): Promise<string> {
  const row = await db
    .selectFrom('codes')
    .leftJoin('code_batches', 'code_batches.id', 'codes.batch_id')
    .select(['code_batches.campaign_id', 'code_batches.note', 'codes.batch_id'])
    .where('codes.code', '=', canonicalCode)
    .executeTakeFirst();
  return row?.campaign_id ?? row?.note ?? row?.batch_id ?? canonicalCode;
}
