/**
 * Creating codes (`createCodes`: the request checked against the catalog, one batch, codes drawn
 * until `count` are new), and redeeming a no-charge code (comp, gift, volume licence, bulk) in one transaction: the code is
 * spent once (repository.ts `redeemCodeOnce`, safe across instances), and the parent gets a
 * subscription for the code's months (or for life), price 0, with `comp_expires_at` or
 * `gift_expires_at`. A parent whose app plan still gives access is told so
 * (SUBSCRIPTION_ACTIVE) and keeps the code.
 */
import { trackAccountStatus } from '../accounts/accountStatus.ts';
import { givesAccess } from '../accounts/customer.ts';
import { findBulkCampaign, findWebOffer, listWebOffers } from '../catalog/repository.ts';
import { newId } from '../db/ids.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import { CODE_KINDS, type CodeKind, type CodeRow } from '../db/types.ts';
import { enqueue } from '../outbox/outbox.ts';
import { findSubscriptionsOfUser, insertSubscription, type NewSubscription, type SubscriptionRow } from '../subscriptions/repository.ts';
import { codeAlreadyUsed, codeExpired, codeInvalid, subscriptionActive } from './errors.ts';
import { generateCode } from './generate.ts';
import { findCode, insertCodeBatch, insertCodesNotTaken, redeemCodeOnce } from './repository.ts';

/** `months` calendar months after `from` (UTC); the day is kept where the month has it, else its last day. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface Redemption {
  userId: string;
  email: string;
  /** As the parent typed it. */
  code: string;
  /** The kinds of code the call redeems; any other is refused as invalid. */
  accepted: readonly CodeKind[];
  at: Date;
}

export interface Redeemed {
  /** Null for life. */
  expiresAt: Date | null;
  isLifetime: boolean;
}

export async function redeemCode(db: Db, r: Redemption): Promise<Redeemed> {
  const { userId, at } = r;
  return db.transaction().execute(async (trx) => {
    const subscriptions = await findSubscriptionsOfUser(trx, userId);
    if (subscriptions.some((s) => s.product === 'app' && givesAccess(s, at))) throw subscriptionActive();

    const known = await findCode(trx, r.code);
    if (!known || !r.accepted.includes(known.kind)) throw codeInvalid();
    const result = await redeemCodeOnce(trx, r.code, userId, at);
    if (!result.ok) throw result.reason === 'used' ? codeAlreadyUsed() : result.reason === 'expired' ? codeExpired() : codeInvalid();
    const code = result.code;

    const offer = code.web_offer_id ? await findWebOffer(trx, code.web_offer_id) : undefined;
    const months = code.comp_months ?? offer?.gift_months ?? null;
    if (months === null) throw codeInvalid();
    const isLifetime = months === -1;
    const expiresAt = isLifetime ? null : addMonths(at, months);
    await insertSubscription(
      trx,
      subscriptionOf({
        userId,
        code,
        product: offer?.class_type ? 'classes' : 'app',
        partner: offer?.partner ?? null,
        expiresAt,
        isLifetime,
        at,
      }),
    );
    await enqueue(trx, {
      type: 'codeRedeemed',
      payload: { userId, email: r.email, kind: code.kind, webOfferId: code.web_offer_id, months },
    });
    await trackAccountStatus(trx, { userId, email: r.email, status: 'Active Gifted', about: code.code });
    return { expiresAt, isLifetime };
  });
}

/** What a redeemed comp, gift, volume or bulk code gives a parent: a subscription at price 0. */
interface CodeGrant {
  userId: string;
  code: CodeRow;
  product: SubscriptionRow['product'];
  partner: string | null;
  /** Null for life. */
  expiresAt: Date | null;
  isLifetime: boolean;
  at: Date;
}

const sourceOf: Record<CodeKind, 'comp' | 'gift' | 'volume' | 'bulk'> = {
  coupon: 'comp',
  comp: 'comp',
  gift: 'gift',
  volume: 'volume',
  bulk: 'bulk',
};

/** The subscription a code gives: a gift's end is `gift_expires_at`, any other code's `comp_expires_at`. */
function subscriptionOf(grant: CodeGrant): Omit<NewSubscription, 'id'> {
  const isGift = grant.code.kind === 'gift';
  return {
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
  };
}

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
  if (!CODE_KINDS.includes(input.kind))
    throw new CodeRequestError(`Unknown kind '${String(input.kind)}'. Expected one of: ${CODE_KINDS.join(', ')}.`);
  if (!Number.isInteger(count) || count < 1 || count > MAX_CODES_PER_BATCH)
    throw new CodeRequestError(`The count must be a whole number from 1 to ${MAX_CODES_PER_BATCH}.`);
  if (input.months !== undefined && input.months !== null && !(Number.isInteger(input.months) && (input.months === -1 || input.months > 0)))
    throw new CodeRequestError('Months must be a whole number above 0 (or lifetime).');
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime())
    throw new CodeRequestError(`The expiry ${input.expiresAt.toISOString()} is already past.`);

  return inTransaction(db, async (tx) => {
    let months = input.months ?? null;
    let webOfferId = input.webOfferId ?? null;
    if (input.campaignId) {
      const campaign = await findBulkCampaign(tx, input.campaignId);
      if (!campaign) throw new CodeRequestError(`Unknown bulk campaign '${input.campaignId}'.`);
      // A campaign's codes give its offer unless told otherwise.
      webOfferId ??= campaign.web_offer_id;
    }
    if (webOfferId !== null) {
      const offer = await findWebOffer(tx, webOfferId);
      if (!offer) {
        const known = (await listWebOffers(tx)).map((o) => o.id).sort();
        throw new CodeRequestError(
          `Unknown offer '${webOfferId}'. Offers: ${known.join(', ') || 'none (import the catalog first: npm run catalog:import)'}.`,
        );
      }
      if (!offer.is_active) throw new CodeRequestError(`The offer '${webOfferId}' is not active.`);
      if (input.kind !== 'coupon') months ??= offer.gift_months;
    }
    if (input.kind === 'coupon') {
      if (webOfferId === null)
        throw new CodeRequestError("A coupon needs the offer it gives (--offer ID): the parent then pays that offer's price.");
      if (months !== null)
        throw new CodeRequestError('A coupon gives an offer at its price; months are for comp, gift, volume and bulk codes.');
    } else if (months === null) {
      throw new CodeRequestError(
        `A ${input.kind} code needs its length: --months N or --lifetime${input.kind === 'comp' ? '' : ', or an --offer with giftMonths'}.`,
      );
    }

    const batchId = newId();
    const expiresAt = input.expiresAt ?? null;
    await insertCodeBatch(tx, {
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
    });

    const codes: string[] = [];
    while (codes.length < count) {
      const wanted = Math.min(count - codes.length, 1000);
      const candidates = [...new Set(Array.from({ length: wanted }, () => generateCode(input.kind)))];
      // A collision with an existing code (astronomically rare) is skipped and drawn again.
      const inserted = await insertCodesNotTaken(
        tx,
        candidates.map((code) => ({
          code,
          kind: input.kind,
          batch_id: batchId,
          web_offer_id: webOfferId,
          comp_months: months,
          expires_at: expiresAt,
          created_at: now,
        })),
      );
      codes.push(...inserted);
    }
    return { batchId, codes, months, webOfferId, expiresAt };
  });
}
