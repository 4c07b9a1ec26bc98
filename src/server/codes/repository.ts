/**
 * Single-use codes: create them (the codes CLI, purchases, the demo seed), look them up,
 * redeem them once. Every function takes a database or a transaction.
 *
 * Redemption is one conditional UPDATE (… WHERE code = $1 AND redeemed_at IS NULL AND not
 * expired RETURNING *): PostgreSQL's row lock makes a second, concurrent UPDATE of the same
 * row re-check `redeemed_at` after the first commits, so of any number of attempts, on any
 * number of instances, exactly one succeeds.
 */
import { sql, type Insertable } from 'kysely';
import { canonicalCode } from '../../domain/codes.ts';
import type { SubscriptionRow } from '../accounts/repository.ts';
import { newId } from '../db/ids.ts';
import { inTransaction, type Db } from '../db/transaction.ts';
import { CODE_KINDS, type CodeBatchesTable, type CodeKind, type CodeRow, type CodesTable } from '../db/types.ts';
import { generateCode } from './generate.ts';

export const MAX_CODES_PER_BATCH = 10_000;

/** A request that cannot be honoured (unknown offer, missing months...): the message says why. */
export class CodeRequestError extends Error {
  override name = 'CodeRequestError';
}

export interface CreateCodesInput {
  kind: CodeKind;
  /** How many codes (1 to 10,000; default 1). */
  count?: number;
  /** Months of access (comp, gift, volume, bulk); -1 = lifetime. Defaults to the offer's giftMonths. */
  months?: number | null;
  /** The web offer the codes give (required for coupons: the offer they discount to; default: the campaign's). */
  webOfferId?: string | null;
  /** After this instant the codes are refused. */
  expiresAt?: Date | null;
  campaignId?: string | null;
  /** Who created them: cli, admin, demo, purchase... */
  source: string;
  note?: string | null;
  purchaserEmail?: string | null;
  paymentId?: string | null;
}

export interface CreatedCodes {
  batchId: string;
  /** Canonical codes (displayCode() gives the form parents type). */
  codes: string[];
  months: number | null;
  webOfferId: string | null;
  expiresAt: Date | null;
}

/** Creates `count` new codes of one kind in one batch, after checking the request against the catalog. */
export async function createCodes(db: Db, input: CreateCodesInput, now: Date = new Date()): Promise<CreatedCodes> {
  const count = input.count ?? 1;
  if (!CODE_KINDS.includes(input.kind)) throw new CodeRequestError(`Unknown kind '${String(input.kind)}'. Expected one of: ${CODE_KINDS.join(', ')}.`);
  if (!Number.isInteger(count) || count < 1 || count > MAX_CODES_PER_BATCH) throw new CodeRequestError(`The count must be a whole number from 1 to ${MAX_CODES_PER_BATCH}.`);
  if (input.months !== undefined && input.months !== null && !(Number.isInteger(input.months) && (input.months === -1 || input.months > 0)))
    throw new CodeRequestError('Months must be a whole number above 0 (or lifetime).');
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) throw new CodeRequestError(`The expiry ${input.expiresAt.toISOString()} is already past.`);

  return inTransaction(db, async (tx) => {
    let months = input.months ?? null;
    let webOfferId = input.webOfferId ?? null;
    if (input.campaignId) {
      const campaign = await tx.selectFrom('bulk_campaigns').select(['id', 'web_offer_id']).where('id', '=', input.campaignId).executeTakeFirst();
      if (!campaign) throw new CodeRequestError(`Unknown bulk campaign '${input.campaignId}'.`);
      // A campaign's codes give its offer unless told otherwise.
      webOfferId ??= campaign.web_offer_id;
    }
    if (webOfferId !== null) {
      const offer = await tx.selectFrom('web_offers').select(['id', 'gift_months', 'is_active']).where('id', '=', webOfferId).executeTakeFirst();
      if (!offer) {
        const known = await tx.selectFrom('web_offers').select('id').where('is_active', '=', true).orderBy('id').execute();
        throw new CodeRequestError(`Unknown offer '${webOfferId}'. Offers: ${known.map((o) => o.id).join(', ') || 'none (import the catalog first: npm run catalog:import)'}.`);
      }
      if (!offer.is_active) throw new CodeRequestError(`The offer '${webOfferId}' is not active.`);
      if (input.kind !== 'coupon') months ??= offer.gift_months;
    }
    if (input.kind === 'coupon') {
      if (webOfferId === null) throw new CodeRequestError('A coupon needs the offer it gives (--offer ID): the parent then pays that offer\'s price.');
      if (months !== null) throw new CodeRequestError('A coupon gives an offer at its price; months are for comp, gift, volume and bulk codes.');
    } else if (months === null) {
      throw new CodeRequestError(`A ${input.kind} code needs its length: --months N or --lifetime${input.kind === 'comp' ? '' : ', or an --offer with giftMonths'}.`);
    }

    const batchId = newId();
    const expiresAt = input.expiresAt ?? null;
    await tx
      .insertInto('code_batches')
      .values({
        id: batchId,
        kind: input.kind,
        quantity: count,
        web_offer_id: webOfferId,
        comp_months: months,
        expires_at: expiresAt,
        campaign_id: input.campaignId ?? null,
        source: input.source,
        purchaser_email: input.purchaserEmail ?? null,
        payment_id: input.paymentId ?? null,
        note: input.note ?? null,
        created_at: now,
      })
      .execute();

    const codes: string[] = [];
    while (codes.length < count) {
      const wanted = Math.min(count - codes.length, 1000);
      const candidates = [...new Set(Array.from({ length: wanted }, () => generateCode(input.kind)))];
      // A collision with an existing code (astronomically rare) is skipped and drawn again.
      const inserted = await insertCodesNotTaken(
        tx,
        candidates.map((code) => ({ code, kind: input.kind, batch_id: batchId, web_offer_id: webOfferId, comp_months: months, expires_at: expiresAt, created_at: now })),
      );
      codes.push(...inserted);
    }
    return { batchId, codes, months, webOfferId, expiresAt };
  });
}

/** Inserts the codes no other code has already taken (ON CONFLICT DO NOTHING); answers the ones inserted. */
export async function insertCodesNotTaken(db: Db, rows: Insertable<CodesTable>[]): Promise<string[]> {
  const inserted = await db.insertInto('codes').values(rows).onConflict((oc) => oc.column('code').doNothing()).returning('code').execute();
  return inserted.map((row) => row.code);
}

/** Inserts a batch unless one with its id exists (the demo seed's fixed batches). */
export async function insertCodeBatchIfAbsent(db: Db, batch: Insertable<CodeBatchesTable>): Promise<void> {
  await db
    .insertInto('code_batches')
    .values(batch)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The code's record, looked up in canonical form (any case, with or without dashes). */
export async function findCode(db: Db, code: string): Promise<CodeRow | undefined> {
  return db.selectFrom('codes').selectAll().where('code', '=', canonicalCode(code)).executeTakeFirst();
}

export type CodeState = 'valid' | 'used' | 'expired';

/** Whether a code can still be redeemed at `now`. */
export function codeState(row: CodeRow, now: Date = new Date()): CodeState {
  if (row.redeemed_at !== null) return 'used';
  if (row.expires_at !== null && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

export type RedeemResult =
  | { ok: true; code: CodeRow }
  /** unknown: no such code; used: already redeemed (`code.redeemed_by_user_id` says by whom); expired. */
  | { ok: false; reason: 'unknown' | 'used' | 'expired'; code?: CodeRow };

/**
 * Marks the code redeemed by `userId`, once: of concurrent attempts on one code (from any
 * number of server instances) exactly one gets `ok: true`. Call it inside the transaction that
 * grants what the code gives, so both happen or neither.
 */
export async function redeemCodeOnce(db: Db, code: string, userId: string, now: Date = new Date()): Promise<RedeemResult> {
  const canonical = canonicalCode(code);
  const redeemed = await db
    .updateTable('codes')
    .set({ redeemed_at: now, redeemed_by_user_id: userId })
    .where('code', '=', canonical)
    .where('redeemed_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returningAll()
    .executeTakeFirst();
  if (redeemed) return { ok: true, code: redeemed };
  const row = await findCode(db, canonical);
  if (!row) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: codeState(row, now) === 'expired' ? 'expired' : 'used', code: row };
}

/** Counts of a batch's codes: how many exist and how many were redeemed. */
export async function batchUsage(db: Db, batchId: string): Promise<{ total: number; redeemed: number }> {
  const row = await db
    .selectFrom('codes')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(redeemed_at)::int`.as('redeemed')])
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return { total: row.total, redeemed: row.redeemed };
}

/** The bulk campaign a batch's codes were made for; null when none (or no such batch). */
export async function findBatchCampaignId(db: Db, batchId: string): Promise<string | null> {
  const batch = await db.selectFrom('code_batches').select('campaign_id').where('id', '=', batchId).executeTakeFirst();
  return batch?.campaign_id ?? null;
}

/**
 * Deletes the demo seed's codes nobody redeemed and no subscription names (their batches stay);
 * answers how many went.
 */
export async function deleteUnredeemedDemoCodes(db: Db): Promise<number> {
  const removed = await db
    .deleteFrom('codes')
    .where('batch_id', 'in', (eb) => eb.selectFrom('code_batches').select('code_batches.id').where('code_batches.source', '=', 'demo'))
    .where('redeemed_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('subscriptions').select('subscriptions.id').whereRef('subscriptions.code', '=', 'codes.code'))))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

// ---------------------------------------------------------------------------------------
// The subscriptions codes give

export async function listSubscriptionsOfUser(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
}

/** What a redeemed comp, gift, volume or bulk code gives a parent: a subscription at price 0. */
export interface CodeGrant {
  userId: string;
  code: CodeRow;
  product: SubscriptionRow['product'];
  partner: string | null;
  /** Null for life. */
  expiresAt: Date | null;
  isLifetime: boolean;
  at: Date;
}

const sourceOf: Record<CodeKind, 'comp' | 'gift' | 'volume' | 'bulk'> = { coupon: 'comp', comp: 'comp', gift: 'gift', volume: 'volume', bulk: 'bulk' };

/** A gift's end is `gift_expires_at`, any other code's `comp_expires_at`. */
export async function insertCodeSubscription(db: Db, grant: CodeGrant): Promise<void> {
  const isGift = grant.code.kind === 'gift';
  await db
    .insertInto('subscriptions')
    .values({
      id: newId(),
      user_id: grant.userId,
      customer_id: null,
      web_offer_id: grant.code.web_offer_id,
      class_add_on_id: null,
      product: grant.product,
      status: 'Active',
      store: 'WebStore',
      price_cents: 0,
      trial_duration_days: 0,
      first_billing_date: null,
      next_billing_date: null,
      term_expires_at: null,
      comp_expires_at: isGift ? null : grant.expiresAt,
      gift_expires_at: isGift ? grant.expiresAt : null,
      is_lifetime: grant.isLifetime,
      is_gifted: isGift,
      source: sourceOf[grant.code.kind],
      code: grant.code.code,
      gateway_subscription_id: null,
      payment_method_id: null,
      partner: grant.partner,
      canceled_at: null,
      cancel_reason: null,
      created_at: grant.at,
      updated_at: grant.at,
    })
    .execute();
}
