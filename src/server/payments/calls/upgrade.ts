/**
 * UpgradeSubscription: a parent moves a renewing plan to another offer, paid with the method the
 * old plan bills (no new payment details: `paymentMethodToken` is null).
 *
 * Plans of different lengths cannot share a gateway subscription (Braintree keeps a plan's
 * billing cycle), so the move is a new gateway subscription and the old one is cancelled:
 * - to a renewing offer: the new plan gives access at once and first bills when what the old
 *   plan paid for (or its trial) ends — nothing is charged twice for the same days;
 * - to lifetime: the lifetime price is charged now.
 * The old row keeps its paid period (term_expires_at) with cancel_reason 'upgrade'.
 * The new charge goes through a payment intent (intents/run.ts) that names the old gateway
 * subscription as the one it replaces: it is cancelled once the new one is made, and when it
 * cannot be, the new one is given back.
 */

import { CallError, ErrorCode } from '../../../contract/index.ts';
import { findWebOffer } from '../../catalog/repository.ts';
import type { WebOfferRow } from '../../db/types.ts';
import { findOwnSubscription, insertSubscription, markSubscriptionCanceled } from '../../subscriptions/repository.ts';
import type { IntentKindDefinition } from '../intents/kinds.ts';
import { type Charge, releaseOfIntent } from '../intents/plan.ts';
import { answerOfEarlier, type PaymentCaller, payWithIntent, settleOpenIntentsOf } from '../intents/run.ts';
import { findDefaultPaymentMethod, findPaymentMethod, insertIntentPayment, type PaymentMethodRow } from '../repository.ts';
import { noSuchSubscription } from './cancel.ts';
import { billingMonths, offerForUpgrade, type Product, productOf } from './offers.ts';
import { daysUntil, inTrial, paidThrough } from './records.ts';
import type { PaymentServices } from './services.ts';
import { confirmTodayCharge } from './todayCharge.ts';

/** A move to `offer` from the plan of `from` gives longer periods (lifetime is the longest); an unknown plan cannot be compared. */
function isLonger(offer: WebOfferRow, from: WebOfferRow | undefined): boolean {
  if (!from) return false;
  const months = billingMonths(offer);
  const fromMonths = billingMonths(from);
  if (fromMonths === null) return false;
  return months === null || months > fromMonths;
}

interface UpgradeRecord {
  userId: string;
  /** Our row of the plan replaced. */
  oldSubscriptionId: string;
  /** Until when the old plan is paid for (ISO): its row keeps it. */
  paidUntil: string;
  customerId: string;
  paymentMethodId: string;
  offerId: string;
  product: Product;
  lifetime: boolean;
  trialDays: number;
  partner: string | null;
}

const cannotChange = (why: string) => new CallError(ErrorCode.SCRIPT_FAILED, why);

export async function upgradeSubscription(
  s: PaymentServices,
  userId: string,
  input: { oldSubscriptionId: string; newPlanId: string; expectedTodayCharge: number },
  o: PaymentCaller,
): Promise<{ subscriptionId: string }> {
  return s.locks.lockAccount(userId, async () => {
    const earlier = await answerOfEarlier(s, upgradeIntent, o.key, o.log);
    if (earlier.found) return earlier.answer;
    await settleOpenIntentsOf(s, userId, o.log);

    const now = s.now();
    const old = await findOwnSubscription(s.db, userId, input.oldSubscriptionId);
    if (!old) throw noSuchSubscription();
    if (old.status === 'PastDue') throw cannotChange('Your last payment did not go through: please update your payment method first.');
    if (old.status !== 'Active' || old.gateway_subscription_id === null || old.store !== 'WebStore' || old.customer_id === null)
      throw cannotChange('This plan cannot be changed here.');
    const offer = await offerForUpgrade(s.db, input.newPlanId);
    if (offer.id === old.web_offer_id) throw cannotChange('You are already on this plan.');
    if (productOf(offer) !== old.product) throw cannotChange('This plan cannot be changed to that one.');
    if (!isLonger(offer, old.web_offer_id ? await findWebOffer(s.db, old.web_offer_id) : undefined))
      throw cannotChange('A plan can only be changed to a longer one here.');

    const method: PaymentMethodRow | undefined =
      (old.payment_method_id ? await findPaymentMethod(s.db, old.payment_method_id) : undefined) ??
      (await findDefaultPaymentMethod(s.db, old.customer_id));
    if (!method) throw cannotChange('Please add a payment method first.');

    const months = billingMonths(offer);
    const paidUntil = paidThrough(old, now);
    const waitDays = daysUntil(paidUntil, now);
    const amountCents = months === null || waitDays === 0 ? offer.price_cents : 0;
    confirmTodayCharge(input.expectedTodayCharge, amountCents);
    const charge: Charge =
      months === null
        ? { kind: 'sale', paymentMethodToken: method.gateway_token, amountCents: offer.price_cents }
        : {
            kind: 'subscription',
            paymentMethodToken: method.gateway_token,
            planId: offer.plan_id,
            priceCents: offer.price_cents,
            trialDays: waitDays,
            months,
          };
    const record: UpgradeRecord = {
      userId,
      oldSubscriptionId: old.id,
      paidUntil: paidUntil.toISOString(),
      customerId: old.customer_id,
      paymentMethodId: method.id,
      offerId: offer.id,
      product: old.product as Product,
      lifetime: months === null,
      // A trial still running carries over; the wait until the old plan's paid end is not a trial.
      trialDays: inTrial(old, now) ? old.trial_duration_days : 0,
      partner: old.partner,
    };
    return payWithIntent(
      s,
      upgradeIntent,
      {
        call: 'UpgradeSubscription',
        userId,
        key: o.key,
        releaseId: o.releaseId,
        amountCents,
        plan: { charges: [charge], replaces: old.gateway_subscription_id, record },
      },
      o.log,
    );
  });
}

export const upgradeIntent: IntentKindDefinition<UpgradeRecord, { subscriptionId: string }> = {
  kind: 'upgrade',

  async complete(trx, intent, charged, now) {
    const r = intent.plan.record;
    const offer = (await findWebOffer(trx, r.offerId))!;
    await markSubscriptionCanceled(trx, r.oldSubscriptionId, { reason: 'upgrade', termExpiresAt: new Date(r.paidUntil), now });
    const created = charged.subscription;
    const row = await insertSubscription(trx, {
      release_id: releaseOfIntent(intent),
      user_id: r.userId,
      customer_id: r.customerId,
      web_offer_id: offer.id,
      class_add_on_id: null,
      product: r.product,
      status: created?.status ?? 'Active',
      store: 'WebStore',
      price_cents: offer.price_cents,
      trial_duration_days: r.trialDays,
      first_billing_date: created?.firstBillingDate ?? null,
      next_billing_date: created?.nextBillingDate ?? null,
      term_expires_at: created?.transaction ? created.nextBillingDate : null,
      is_lifetime: r.lifetime,
      source: 'purchase',
      gateway_subscription_id: created?.id ?? null,
      payment_method_id: r.paymentMethodId,
      partner: r.partner,
      created_at: intent.created_at,
      updated_at: now,
    });
    await insertIntentPayment(trx, intent, charged, {
      userId: r.userId,
      customerId: r.customerId,
      subscriptionId: row.id,
      paymentMethodId: r.paymentMethodId,
      description: offer.offer_title ?? offer.plan_name,
    });
    return { subscriptionId: row.id };
  },
};
