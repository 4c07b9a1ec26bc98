/**
 * What a purchase buys and on what terms: the web offer (by id, or the offer of a coupon or
 * promo code), whether the parent may buy it (already subscribed, resubscribing over a gift),
 * and the trial they get.
 */
import { CallError, ErrorCode, MessageKey } from '../../../contract/index.ts';
import { monthsIn } from '../../../domain/pricing.ts';
import { givesAccess } from '../../accounts/customer.ts';
import { findActiveOfferOnPlan, findWebOffer, findWebOfferByPromoCode } from '../../catalog/repository.ts';
import { codeAlreadyUsed, codeExpired, codeInvalid } from '../../codes/errors.ts';
import { codeState, findCode } from '../../codes/repository.ts';
import type { Db } from '../../db/transaction.ts';
import type { WebOfferRow } from '../../db/types.ts';
import type { SubscriptionRow } from '../../subscriptions/repository.ts';
import { daysUntil } from './records.ts';

export type Product = 'app' | 'classes';

export const alreadyHaveSubscription = () =>
  new CallError(ErrorCode.SCRIPT_FAILED, 'It seems you already have a subscription.', MessageKey.alreadyHaveSubscription);
export const offerUnavailable = () => new CallError(ErrorCode.OBJECT_NOT_FOUND, 'This plan is not available.');
const codeForOtherOffer = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This code is for another plan.', MessageKey.codeInvalid);
const needsItsCode = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This plan is only available with its code.', MessageKey.codeInvalid);

/** Months between charges; null for a one-time (lifetime) purchase. */
export const billingMonths = (offer: WebOfferRow) => monthsIn(offer.subscription_duration);

export const productOf = (offer: WebOfferRow): Product => (offer.class_type ? 'classes' : 'app');

/**
 * An offer sold for its price: active, recurring or lifetime, not free. Offers no plan list
 * shows (no tag) and that are not class offers — promo, coupon, comp and gift offers — are sold
 * only with their code, so nobody pays a coupon's price by naming its offer.
 */
function checkSellable(offer: WebOfferRow | undefined, viaCode: boolean): WebOfferRow {
  if (!offer?.is_active) throw offerUnavailable();
  if (offer.subscription_type === 'gift' || offer.subscription_type === 'volumeLicense' || offer.price_cents === 0)
    throw offerUnavailable();
  if (!viaCode && (offer.promo_code !== null || (offer.tags.length === 0 && offer.class_type === null))) throw needsItsCode();
  return offer;
}

/** The offer a purchase buys, and the coupon it spends (canonical), from the purchase payload. */
export async function offerForPurchase(
  db: Db,
  input: { webOfferId: string; couponCode?: string | undefined; promoCode?: string | undefined },
  now: Date,
): Promise<{ offer: WebOfferRow; coupon: string | null }> {
  if (input.couponCode) {
    const code = await findCode(db, input.couponCode);
    if (code?.kind !== 'coupon' || code.web_offer_id === null) throw codeInvalid();
    const state = codeState(code, now);
    if (state !== 'valid') throw state === 'used' ? codeAlreadyUsed() : codeExpired();
    if (code.web_offer_id !== input.webOfferId) throw codeForOtherOffer();
    return { offer: checkSellable(await findWebOffer(db, code.web_offer_id), true), coupon: code.code };
  }
  if (input.promoCode) {
    const offer = await findWebOfferByPromoCode(db, input.promoCode);
    if (!offer) throw codeInvalid();
    if (offer.id !== input.webOfferId) throw codeForOtherOffer();
    return { offer: checkSellable(offer, true), coupon: null };
  }
  return { offer: checkSellable(await findWebOffer(db, input.webOfferId), false), coupon: null };
}

/** The offer an upgrade moves to: an offer id, else the first active offer on that gateway plan. */
export async function offerForUpgrade(db: Db, newPlanId: string): Promise<WebOfferRow> {
  const offer = (await findWebOffer(db, newPlanId)) ?? (await findActiveOfferOnPlan(db, newPlanId));
  return checkSellable(offer, false);
}

export interface PurchaseTerms {
  /** The trial the parent gets (0: none); spec §4 "Trial active". */
  trialDays: number;
  /** When the first charge may happen at the earliest: after a gift the parent still has. */
  firstChargeAfter: Date | null;
}

/**
 * May the parent buy a plan of `product` now, and on what terms?
 * - A plan of that product giving access now answers WP_AlreadyHaveSubscription — unless all of
 *   it is an unexpired, non-lifetime gift and the parent resubscribes (spec §4 Promo code): then
 *   the new plan charges nothing before the gift ends.
 * - A trial is for a parent's first plan of that product only.
 */
export function purchaseTerms(
  offer: WebOfferRow,
  product: Product,
  subscriptions: readonly SubscriptionRow[],
  o: { isResubscribe: boolean; now: Date },
): PurchaseTerms {
  const current = subscriptions.filter((s) => s.product === product && givesAccess(s, o.now));
  let firstChargeAfter: Date | null = null;
  if (current.length > 0) {
    const gifts = current.every((s) => s.is_gifted && !s.is_lifetime && s.gift_expires_at !== null);
    if (!gifts || !o.isResubscribe) throw alreadyHaveSubscription();
    firstChargeAfter = new Date(Math.max(...current.map((s) => s.gift_expires_at!.getTime())));
  }
  const hadTrial = subscriptions.some((s) => s.product === product && s.trial_duration_days > 0);
  return { trialDays: hadTrial ? 0 : offer.trial_duration_days, firstChargeAfter };
}

/** Days the gateway waits before the first charge: the trial, or longer when a gift runs longer. */
export const gatewayTrialDays = (terms: PurchaseTerms, now: Date) =>
  Math.max(terms.trialDays, terms.firstChargeAfter ? daysUntil(terms.firstChargeAfter, now) : 0);
