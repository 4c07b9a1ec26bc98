/**
 * Buying a plan (PurchaseSubscription, SubscribeToMinervaClasses): under the parent's account
 * lock, check they may buy it, become the gateway's customer and vault the payment method, then
 * pay through a payment intent (intents/run.ts) that spends the coupon as it is recorded:
 * - a recurring offer: a gateway subscription — with a trial nothing is charged today and no
 *   payment is recorded; without one the first period is charged now;
 * - a lifetime offer: one sale, no recurring subscription.
 * Completing the intent records the subscription, its payment and its side effects in one
 * transaction. A coupon spent for a purchase that does not happen is the parent's again.
 */

import type { Transaction } from 'kysely';
import type { CallOutput } from '../../../contract/index.ts';
import { findUserById } from '../../accounts/repository.ts';
import { findWebOffer, toWebOffer } from '../../catalog/repository.ts';
import { codeAlreadyUsed, codeExpired, codeInvalid } from '../../codes/errors.ts';
import { redeemCodeOnce, releaseCoupon } from '../../codes/repository.ts';
import type { Database, WebOfferRow } from '../../db/types.ts';
import type { HandlerInput } from '../../functions.ts';
import { findSubscriptionsOfUser, insertSubscription, type SubscriptionRow } from '../../subscriptions/repository.ts';
import type { IntentKindDefinition } from '../intents/kinds.ts';
import { type Charge, releaseOfIntent } from '../intents/plan.ts';
import { answerOfEarlier, type PaymentCaller, payWithIntent, settleOpenIntentsOf } from '../intents/run.ts';
import { insertIntentPayment } from '../repository.ts';
import { type CustomerOptions, ensureCustomer, paymentMethodFor } from './customers.ts';
import { billingMonths, gatewayTrialDays, offerForClasses, offerForPurchase, type Product, productOf, purchaseTerms } from './offers.ts';
import type { PaymentServices } from './services.ts';
import { announceSubscription, fullNameOf } from './sideEffects.ts';
import { confirmTodayCharge } from './todayCharge.ts';

type SubscribeCall = 'PurchaseSubscription' | 'SubscribeToMinervaClasses';
type SubscribeAnswer = CallOutput<SubscribeCall>;

export interface SubscribeRequest<C extends SubscribeCall = SubscribeCall> {
  call: C;
  user: { id: string; email: string };
  offer: WebOfferRow;
  /** A nonce from the browser, or one of the parent's vaulted tokens. */
  paymentMethodToken: string;
  customerOptions: CustomerOptions | undefined;
  coupon: string | null;
  isResubscribe: boolean;
  /** The amount the screen showed as charged today, in dollars: any other is refused. */
  expectedTodayCharge: number;
  utm: Record<string, string> | null | undefined;
  caller: PaymentCaller;
}

/** What a purchase intent records once charged. */
interface PurchaseRecord {
  /** Which call's answer completing the intent gives. */
  answer: SubscribeCall;
  userId: string;
  email: string;
  customerId: string;
  customerEmail: string;
  fullName: string | null;
  paymentMethodId: string;
  offerId: string;
  product: Product;
  trialDays: number;
  lifetime: boolean;
  coupon: string | null;
  partner: string | null;
  utm: Record<string, string> | null;
}

/** PurchaseSubscription: the offer named (or the one of its coupon or promo code). */
export async function purchaseSubscription(
  s: PaymentServices,
  input: HandlerInput<'PurchaseSubscription'>,
  user: { id: string; email: string },
  o: PaymentCaller,
) {
  const { offer, coupon } = await offerForPurchase(s.db, input, s.now(), o.previewDraftId);
  return subscribe(s, {
    call: 'PurchaseSubscription',
    user,
    offer,
    paymentMethodToken: input.paymentMethodToken,
    customerOptions: input.customerOptions,
    coupon,
    isResubscribe: input.isResubscribe ?? false,
    expectedTodayCharge: input.expectedTodayCharge,
    utm: input.utmParamsObject,
    caller: o,
  });
}

/** SubscribeToMinervaClasses: a class offer (live or on-demand), bought for its price. */
export async function subscribeToClasses(
  s: PaymentServices,
  input: HandlerInput<'SubscribeToMinervaClasses'>,
  user: { id: string; email: string },
  o: PaymentCaller,
) {
  const offer = await offerForClasses(s.db, input.webOfferId, o.previewDraftId);
  return subscribe(s, {
    call: 'SubscribeToMinervaClasses',
    user,
    offer,
    paymentMethodToken: input.paymentMethodToken,
    customerOptions: input.customerOptions,
    coupon: null,
    isResubscribe: false,
    expectedTodayCharge: input.expectedTodayCharge,
    utm: input.utmParamsObject,
    caller: o,
  });
}

async function subscribe<C extends SubscribeCall>(s: PaymentServices, r: SubscribeRequest<C>): Promise<CallOutput<C>> {
  // The intent answers the call that made it (its record's `answer`).
  return s.locks.lockAccount(r.user.id, async () => (await purchase(s, r)) as CallOutput<C>);
}

async function purchase(s: PaymentServices, r: SubscribeRequest): Promise<SubscribeAnswer> {
  const earlier = await answerOfEarlier(s, subscriptionIntent, r.caller.key, r.caller.log);
  if (earlier.found) return earlier.answer;
  await settleOpenIntentsOf(s, r.user.id, r.caller.log);

  const now = s.now();
  const product = productOf(r.offer);
  const subscriptions = await findSubscriptionsOfUser(s.db, r.user.id);
  const terms = purchaseTerms(r.offer, product, subscriptions, { isResubscribe: r.isResubscribe, now });
  const months = billingMonths(r.offer);
  const trialDays = gatewayTrialDays(terms, now);
  const amountCents = months === null || trialDays === 0 ? r.offer.price_cents : 0;
  confirmTodayCharge(r.expectedTodayCharge, amountCents);

  const customer = await ensureCustomer(s, r.user, r.customerOptions);
  const method = await paymentMethodFor(s, customer, r.paymentMethodToken, { makeDefault: true });
  const charge: Charge =
    months === null
      ? { kind: 'sale', paymentMethodToken: method.gateway_token, amountCents: r.offer.price_cents }
      : {
          kind: 'subscription',
          paymentMethodToken: method.gateway_token,
          planId: r.offer.plan_id,
          priceCents: r.offer.price_cents,
          trialDays,
          months,
        };
  const record: PurchaseRecord = {
    answer: r.call,
    userId: r.user.id,
    email: r.user.email,
    customerId: customer.id,
    customerEmail: customer.email,
    fullName: fullNameOf(customer.first_name, customer.last_name),
    paymentMethodId: method.id,
    offerId: r.offer.id,
    product,
    trialDays: terms.trialDays,
    lifetime: months === null,
    coupon: r.coupon,
    // What the server knows, never a field the client sends: the partner's own offer, else the account's partner.
    partner: r.offer.partner ?? (await findUserById(s.db, r.user.id))?.partner ?? null,
    utm: r.utm ?? null,
  };
  const coupon = r.coupon;
  return payWithIntent(
    s,
    subscriptionIntent,
    {
      call: r.call,
      userId: r.user.id,
      key: r.caller.key,
      releaseId: r.caller.releaseId,
      amountCents,
      plan: { charges: [charge], replaces: null, record },
      // Of two parents with one coupon, only one pays.
      ...(coupon ? { reserve: (trx: Transaction<Database>) => spendCoupon(trx, coupon, r.user.id, now) } : {}),
    },
    r.caller.log,
  );
}

async function spendCoupon(trx: Transaction<Database>, code: string, userId: string, now: Date) {
  const spent = await redeemCodeOnce(trx, code, userId, now);
  if (!spent.ok) throw spent.reason === 'used' ? codeAlreadyUsed() : spent.reason === 'expired' ? codeExpired() : codeInvalid();
}

export const subscriptionIntent: IntentKindDefinition<PurchaseRecord, SubscribeAnswer> = {
  kind: 'purchase',

  async complete(trx, intent, charged, now) {
    const r = intent.plan.record;
    const offer = (await findWebOffer(trx, r.offerId))!;
    const boughtAt = intent.created_at;
    const row = await insertSubscription(trx, {
      release_id: releaseOfIntent(intent),
      user_id: r.userId,
      customer_id: r.customerId,
      web_offer_id: r.offerId,
      class_add_on_id: null,
      product: r.product,
      status: charged.subscription?.status ?? 'Active',
      store: 'WebStore',
      price_cents: offer.price_cents,
      trial_duration_days: r.trialDays,
      first_billing_date: charged.subscription?.firstBillingDate ?? null,
      next_billing_date: charged.subscription?.nextBillingDate ?? null,
      // A period paid now is paid through the next billing date (as a renewal records it: events.ts).
      term_expires_at: charged.subscription?.transaction ? charged.subscription.nextBillingDate : null,
      is_lifetime: r.lifetime,
      source: 'purchase',
      code: r.coupon,
      gateway_subscription_id: charged.subscription?.id ?? null,
      payment_method_id: r.paymentMethodId,
      partner: r.partner,
      created_at: boughtAt,
      updated_at: now,
    });
    await insertIntentPayment(trx, intent, charged, {
      userId: r.userId,
      customerId: r.customerId,
      subscriptionId: row.id,
      paymentMethodId: r.paymentMethodId,
      description: offer.offer_title ?? offer.plan_name,
    });
    await announceSubscription(trx, {
      userId: r.userId,
      email: r.email,
      subscriptionId: row.id,
      offer,
      fullName: r.fullName,
      trialDays: r.trialDays,
      utm: r.utm,
      partner: r.partner,
      at: boughtAt,
    });
    return r.answer === 'SubscribeToMinervaClasses'
      ? { subscriptionId: row.id, classType: offer.class_type! }
      : subscriptionAnswer(row, r, offer);
  },

  async release(trx, intent) {
    const { coupon, userId } = intent.plan.record;
    if (coupon) await releaseCoupon(trx, coupon, userId);
  },
};

const subscriptionAnswer = (row: SubscriptionRow, r: PurchaseRecord, offer: WebOfferRow) => ({
  subscriptionData: {
    id: row.id,
    status: row.status,
    trialDuration: r.trialDays,
    nextBillingDate: row.next_billing_date ? row.next_billing_date.toISOString() : null,
  },
  customer: { email: r.customerEmail },
  webOffer: toWebOffer(offer),
});
