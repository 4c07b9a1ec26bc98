/**
 * CreateClassAddOnSubscription: an existing subscriber adds classes. Today's
 * amount is charged now ($10 for 4 classes, $1 for 1 class); the monthly price ($54.99, $14.99)
 * is billed by a gateway subscription whose first billing comes after the promo (30 days).
 * Both go through one payment intent (intents/run.ts): the subscription is made first (it
 * charges nothing today), so a declined charge undoes it.
 */

import { CallError, ErrorCode } from '../../../contract/index.ts';
import { givesAccess } from '../../accounts/customer.ts';
import { findClassAddOn } from '../../catalog/repository.ts';
import { findSubscriptionsOfUser, insertSubscription } from '../../subscriptions/repository.ts';
import type { IntentKindDefinition } from '../intents/kinds.ts';
import { type Charge, releaseOfIntent } from '../intents/plan.ts';
import { answerOfEarlier, type PaymentCaller, payWithIntent, settleOpenIntentsOf } from '../intents/run.ts';
import { insertIntentPayment } from '../repository.ts';
import { ensureCustomer, paymentMethodFor } from './customers.ts';
import { alreadyHaveSubscription } from './offers.ts';
import type { PaymentServices } from './services.ts';
import { confirmTodayCharge } from './todayCharge.ts';

interface AddOnRecord {
  userId: string;
  customerId: string;
  paymentMethodId: string;
  addOnId: string;
}

export async function createClassAddOn(
  s: PaymentServices,
  user: { id: string; email: string },
  input: { classAddOnId: string; paymentMethodToken: string; expectedTodayCharge: number },
  o: PaymentCaller,
): Promise<{ id: string }> {
  return s.locks.lockAccount(user.id, async () => {
    const earlier = await answerOfEarlier(s, addOnIntent, o.key, o.log);
    if (earlier.found) return earlier.answer;
    await settleOpenIntentsOf(s, user.id, o.log);

    const now = s.now();
    const addOn = await findClassAddOn(s.db, input.classAddOnId);
    if (!addOn?.is_active) throw new CallError(ErrorCode.OBJECT_NOT_FOUND, 'This class plan is not available.');
    const subscriptions = await findSubscriptionsOfUser(s.db, user.id);
    const granting = subscriptions.filter((sub) => givesAccess(sub, now));
    // The add-classes alert: classes are added to a plan the parent has.
    if (!granting.some((sub) => sub.product === 'app' || sub.product === 'classes'))
      throw new CallError(ErrorCode.SCRIPT_FAILED, `Account ${user.email} has no active subscription.`);
    if (granting.some((sub) => sub.product === 'addOn' && sub.class_add_on_id === addOn.id)) throw alreadyHaveSubscription();
    confirmTodayCharge(input.expectedTodayCharge, addOn.today_price_cents);

    const customer = await ensureCustomer(s, user);
    const method = await paymentMethodFor(s, customer, input.paymentMethodToken, { makeDefault: false });
    const charges: Charge[] = [
      {
        kind: 'subscription',
        paymentMethodToken: method.gateway_token,
        planId: addOn.plan_id,
        priceCents: addOn.price_cents,
        trialDays: addOn.promo_days,
        months: 1,
      },
    ];
    if (addOn.today_price_cents > 0)
      charges.push({ kind: 'sale', paymentMethodToken: method.gateway_token, amountCents: addOn.today_price_cents });
    return payWithIntent(
      s,
      addOnIntent,
      {
        call: 'CreateClassAddOnSubscription',
        userId: user.id,
        key: o.key,
        releaseId: o.releaseId,
        amountCents: addOn.today_price_cents,
        plan: {
          charges,
          replaces: null,
          record: { userId: user.id, customerId: customer.id, paymentMethodId: method.id, addOnId: addOn.id },
        },
      },
      o.log,
    );
  });
}

export const addOnIntent: IntentKindDefinition<AddOnRecord, { id: string }> = {
  kind: 'addOn',

  async complete(trx, intent, charged, now) {
    const r = intent.plan.record;
    const addOn = (await findClassAddOn(trx, r.addOnId))!;
    const subscription = charged.subscription!;
    const today = charged.sale;
    const row = await insertSubscription(trx, {
      release_id: releaseOfIntent(intent),
      user_id: r.userId,
      customer_id: r.customerId,
      web_offer_id: null,
      class_add_on_id: addOn.id,
      product: 'addOn',
      status: subscription.status,
      store: 'WebStore',
      price_cents: addOn.price_cents,
      // The promo is paid for (today's amount): not a free trial.
      trial_duration_days: 0,
      first_billing_date: subscription.firstBillingDate,
      next_billing_date: subscription.nextBillingDate,
      // Today's amount pays for the promo period.
      term_expires_at: today ? subscription.firstBillingDate : null,
      source: 'purchase',
      gateway_subscription_id: subscription.id,
      payment_method_id: r.paymentMethodId,
      created_at: intent.created_at,
      updated_at: now,
    });
    await insertIntentPayment(trx, intent, charged, {
      userId: r.userId,
      customerId: r.customerId,
      subscriptionId: row.id,
      paymentMethodId: r.paymentMethodId,
      description: `${addOn.name}, first ${addOn.promo_days} days`,
    });
    return { id: row.id };
  },
};
