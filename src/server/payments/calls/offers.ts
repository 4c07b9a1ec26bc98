/**
 * What a purchase buys and on what terms: the web offer (by id, or the offer of a coupon or
 * promo code), whether the parent may buy it (already subscribed, resubscribing over a gift),
 * and the trial they get.
 */
import { CallError, ErrorCode, MessageKey } from '../../../contract/index.ts';
import { monthsIn } from '../../../domain/pricing.ts';
import { givesAccess, hasUsedTrialOf } from '../../accounts/customer.ts';
import {
  findActiveOfferOnPlan,
  findWebOffer,
  findWebOfferByPromoCode,
  isBulkCampaignOffer,
  isSoldIn,
  type PreviewDraft,
} from '../../catalog/repository.ts';
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
const soldElsewhere = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This plan is not sold here.');

/** Months between charges; null for a one-time (lifetime) purchase. */
export const billingMonths = (offer: WebOfferRow) => monthsIn(offer.subscription_duration);

export const productOf = (offer: WebOfferRow): Product => (offer.class_type ? 'classes' : 'app');

/**
 * The one way the catalog declares for buying an offer, and so the one price it is sold at
 * (docs/payments.md, "Prices only through their path"):
 * - `classFunnel`: a class offer (`classOffers:`), on the class funnels: SubscribeToMinervaClasses;
 * - `campaign`: a bulk campaign's offer, by the seat with that campaign: BulkPurchase with its
 *   `campaignId`, at the campaign's seat price;
 * - `free`: given by codes only (comps), never sold;
 * - `codes`: a gift or volume-licence offer, sold as codes: BulkPurchase, at its price;
 * - `promoCode`: an offer with a web-offer promo code, with that code: PurchaseSubscription `promoCode`;
 * - `coupon`: an offer no plan list shows, with a coupon code of it: PurchaseSubscription `couponCode`;
 * - `listed`: an offer a plan list shows (its tags; a partner's offers carry the partner's id),
 *   for its price: PurchaseSubscription, and UpgradeSubscription to a longer plan.
 * A valid coupon code may also name a listed or promo offer (operators make codes for any offer):
 * it buys that offer at its price.
 */
export type OfferPath = 'classFunnel' | 'campaign' | 'free' | 'codes' | 'promoCode' | 'coupon' | 'listed';

export function offerPath(offer: WebOfferRow, isCampaignOffer: boolean): OfferPath {
  if (offer.class_type !== null) return 'classFunnel';
  if (isCampaignOffer) return 'campaign';
  if (offer.price_cents === 0) return 'free';
  if (offer.subscription_type === 'gift' || offer.subscription_type === 'volumeLicense') return 'codes';
  if (offer.promo_code !== null) return 'promoCode';
  if (offer.tags.length === 0) return 'coupon';
  return 'listed';
}

/** The path of an offer sold here (offerUnavailable for one that is missing or no longer sold; a draft's in its preview only). */
export async function pathOfActiveOffer(
  db: Db,
  offer: WebOfferRow | undefined,
  previewDraft: PreviewDraft = null,
): Promise<{ offer: WebOfferRow; path: OfferPath }> {
  if (!offer || !isSoldIn(offer, previewDraft)) throw offerUnavailable();
  return { offer, path: offerPath(offer, await isBulkCampaignOffer(db, offer.id)) };
}

/** Refuses an offer whose path is not one of `paths` (one a plan list shows needs no code; the others say what they need). */
function requirePath(found: { offer: WebOfferRow; path: OfferPath }, paths: readonly OfferPath[]): WebOfferRow {
  if (paths.includes(found.path)) return found.offer;
  if (found.path === 'promoCode' || found.path === 'coupon') throw needsItsCode();
  if (found.path === 'free') throw offerUnavailable();
  throw soldElsewhere();
}

/** The offer a purchase buys, and the coupon it spends (canonical), from the purchase payload. */
export async function offerForPurchase(
  db: Db,
  input: { webOfferId: string; couponCode?: string | undefined; promoCode?: string | undefined },
  now: Date,
  previewDraft: PreviewDraft = null,
): Promise<{ offer: WebOfferRow; coupon: string | null }> {
  if (input.couponCode) {
    const code = await findCode(db, input.couponCode);
    if (code?.kind !== 'coupon' || code.web_offer_id === null) throw codeInvalid();
    const state = codeState(code, now);
    if (state !== 'valid') throw state === 'used' ? codeAlreadyUsed() : codeExpired();
    if (code.web_offer_id !== input.webOfferId) throw codeForOtherOffer();
    const found = await pathOfActiveOffer(db, await findWebOffer(db, code.web_offer_id));
    return { offer: requirePath(found, ['coupon', 'promoCode', 'listed']), coupon: code.code };
  }
  if (input.promoCode) {
    const offer = await findWebOfferByPromoCode(db, input.promoCode);
    if (!offer) throw codeInvalid();
    if (offer.id !== input.webOfferId) throw codeForOtherOffer();
    return { offer: requirePath(await pathOfActiveOffer(db, offer), ['promoCode']), coupon: null };
  }
  const listed = await pathOfActiveOffer(db, await findWebOffer(db, input.webOfferId), previewDraft);
  return { offer: requirePath(listed, ['listed']), coupon: null };
}

/** The offer an upgrade moves to: an offer id, else the first active offer on that gateway plan; one a plan list shows. */
export async function offerForUpgrade(db: Db, newPlanId: string): Promise<WebOfferRow> {
  const offer = (await findWebOffer(db, newPlanId)) ?? (await findActiveOfferOnPlan(db, newPlanId));
  return requirePath(await pathOfActiveOffer(db, offer), ['listed']);
}

/** A class offer of the class funnels. */
export async function offerForClasses(db: Db, webOfferId: string, previewDraft: PreviewDraft = null): Promise<WebOfferRow> {
  return requirePath(await pathOfActiveOffer(db, await findWebOffer(db, webOfferId), previewDraft), ['classFunnel']);
}

export interface PurchaseTerms {
  /** The trial the parent gets (0: none). */
  trialDays: number;
  /** When the first charge may happen at the earliest: after a gift the parent still has. */
  firstChargeAfter: Date | null;
}

/**
 * May the parent buy a plan of `product` now, and on what terms?
 * - A plan of that product giving access now answers WP_AlreadyHaveSubscription — unless all of
 *   it is an unexpired, non-lifetime gift and the parent resubscribes: then
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
  return { trialDays: hasUsedTrialOf(subscriptions, product) ? 0 : offer.trial_duration_days, firstChargeAfter };
}

/** Days the gateway waits before the first charge: the trial, or longer when a gift runs longer. */
export const gatewayTrialDays = (terms: PurchaseTerms, now: Date) =>
  Math.max(terms.trialDays, terms.firstChargeAfter ? daysUntil(terms.firstChargeAfter, now) : 0);
