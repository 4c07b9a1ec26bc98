/**
 * UpdateCreditCard: the new payment method is vaulted (verified; a card the parent already has
 * is refused as a duplicate) and becomes the default, and the parent's renewing plans bill it
 * from now on.
 *
 * A past-due plan is paid at once on the new card: its price is charged, and the plan runs
 * again for a period from the missed billing date. A decline answers WP_CardNotValid with the
 * processor's code (recorded as a declined payment) and leaves the plan past due on the new card,
 * for the gateway's own retries.
 *
 * The gateway interface has no "retry this subscription's charge", so a paid past-due plan gets
 * a new gateway subscription (first billing at the end of the period just paid) and the
 * past-due one is cancelled — it can then never charge the missed period a second time. The
 * charge and the new subscription go through one payment intent per past-due plan
 * (intents/run.ts): a renewal that cannot be set up gives the charge back.
 */

import { CallError, MessageKey } from '../../../contract/index.ts';
import { findClassAddOn, findWebOffer } from '../../catalog/repository.ts';
import {
  findRenewingSubscriptions,
  markSubscriptionRenewed,
  type SubscriptionRow,
  setSubscriptionPaymentMethod,
} from '../../subscriptions/repository.ts';
import type { IntentKindDefinition } from '../intents/kinds.ts';
import { type IntentKey, intentsForKey } from '../intents/repository.ts';
import { answerOf, type PaymentCaller, payWithIntent, settleOpenIntentsOf } from '../intents/run.ts';
import { type CustomerRow, insertIntentPayment, insertPayment, type PaymentMethodRow } from '../repository.ts';
import { ensureCustomer, paymentMethodFor } from './customers.ts';
import { unwrap } from './failures.ts';
import { billingMonths } from './offers.ts';
import { addMonths, daysUntil } from './records.ts';
import type { PaymentServices } from './services.ts';

interface PastDueRecord {
  userId: string;
  subscriptionId: string;
  customerId: string;
  paymentMethodId: string;
  description: string;
}

export async function updateCreditCard(
  s: PaymentServices,
  user: { id: string; email: string },
  nonce: string,
  o: PaymentCaller<Omit<IntentKey, 'part'>>,
): Promise<{ success: true }> {
  return s.locks.lockAccount(user.id, async () => {
    // The same request again: its nonce is spent; what it paid answers for it.
    const earlier = o.key ? await intentsForKey(s.db, o.key) : [];
    if (earlier.length > 0) {
      for (const intent of earlier) await answerOf(s, pastDueIntent, intent, o.log);
      return { success: true as const };
    }
    await settleOpenIntentsOf(s, user.id, o.log);

    const customer = await ensureCustomer(s, user);
    const method = await paymentMethodFor(s, customer, nonce, { makeDefault: true, failOnDuplicate: true });
    const renewing = await findRenewingSubscriptions(s.db, user.id);
    for (const subscription of renewing) {
      if (subscription.status === 'PastDue') await payPastDue(s, customer, subscription, method, o);
      else if (subscription.payment_method_id !== method.id) await moveTo(s, subscription, method);
    }
    return { success: true as const };
  });
}

async function moveTo(s: PaymentServices, subscription: SubscriptionRow, method: PaymentMethodRow) {
  const now = s.now();
  unwrap(
    await s.gateway.updateSubscription({
      subscriptionId: subscription.gateway_subscription_id!,
      paymentMethodToken: method.gateway_token,
      now,
    }),
    'vault',
  );
  await setSubscriptionPaymentMethod(s.db, subscription.id, method.id, now);
}

/** What a subscription bills: its gateway plan and months between charges. */
async function billingOf(
  s: PaymentServices,
  subscription: SubscriptionRow,
): Promise<{ planId: string; months: number; description: string } | null> {
  if (subscription.class_add_on_id) {
    const addOn = await findClassAddOn(s.db, subscription.class_add_on_id);
    return addOn ? { planId: addOn.plan_id, months: 1, description: addOn.name } : null;
  }
  const offer = subscription.web_offer_id ? await findWebOffer(s.db, subscription.web_offer_id) : undefined;
  const months = offer ? billingMonths(offer) : null;
  return offer && months !== null ? { planId: offer.plan_id, months, description: offer.offer_title ?? offer.plan_name } : null;
}

async function payPastDue(
  s: PaymentServices,
  customer: CustomerRow,
  subscription: SubscriptionRow,
  method: PaymentMethodRow,
  o: PaymentCaller<Omit<IntentKey, 'part'>>,
) {
  const billing = await billingOf(s, subscription);
  if (!billing) {
    await moveTo(s, subscription, method);
    return;
  }
  const now = s.now();
  // Paid: a period from the missed billing date (or from now, when more than a period was missed).
  const missed =
    subscription.next_billing_date && subscription.next_billing_date.getTime() <= now.getTime() ? subscription.next_billing_date : now;
  const periodEnd =
    addMonths(missed, billing.months).getTime() > now.getTime() ? addMonths(missed, billing.months) : addMonths(now, billing.months);
  const record: PastDueRecord = {
    userId: subscription.user_id,
    subscriptionId: subscription.id,
    customerId: customer.id,
    paymentMethodId: method.id,
    description: billing.description,
  };
  try {
    await payWithIntent(
      s,
      pastDueIntent,
      {
        call: 'UpdateCreditCard',
        userId: subscription.user_id,
        key: o.key ? { ...o.key, part: subscription.id } : null,
        releaseId: o.releaseId,
        amountCents: subscription.price_cents,
        plan: {
          charges: [
            { kind: 'sale', paymentMethodToken: method.gateway_token, amountCents: subscription.price_cents },
            {
              kind: 'subscription',
              paymentMethodToken: method.gateway_token,
              planId: billing.planId,
              priceCents: subscription.price_cents,
              trialDays: daysUntil(periodEnd, now),
              months: billing.months,
            },
          ],
          replaces: subscription.gateway_subscription_id,
          record,
        },
      },
      o.log,
    );
  } catch (error) {
    // Not paid: the plan stays past due, on the new card, for the gateway's own retries.
    if (error instanceof CallError && error.messageKey !== MessageKey.requestInProgress) await moveTo(s, subscription, method);
    throw error;
  }
}

export const pastDueIntent: IntentKindDefinition<PastDueRecord, { success: true }> = {
  kind: 'pastDue',

  async complete(trx, intent, charged, now) {
    const r = intent.plan.record;
    const replacement = charged.subscription!;
    await insertIntentPayment(trx, intent, charged, {
      userId: r.userId,
      customerId: r.customerId,
      subscriptionId: r.subscriptionId,
      paymentMethodId: r.paymentMethodId,
      description: r.description,
    });
    await markSubscriptionRenewed(trx, r.subscriptionId, {
      gatewaySubscriptionId: replacement.id,
      paymentMethodId: r.paymentMethodId,
      paidUntil: replacement.firstBillingDate,
      now,
    });
    return { success: true as const };
  },

  async refused(trx, intent, refusal, now) {
    if (refusal.kind !== 'processorDeclined' && refusal.kind !== 'failed') return;
    const r = intent.plan.record;
    // The gateway answers a refusal without its transaction: the payment is recorded without its id.
    await insertPayment(trx, {
      id: intent.id,
      userId: r.userId,
      customerId: r.customerId,
      subscriptionId: r.subscriptionId,
      paymentMethodId: r.paymentMethodId,
      description: r.description,
      transaction: {
        id: null,
        amountCents: intent.amount_cents,
        status: refusal.kind === 'failed' ? 'failed' : 'declined',
        processorResponseCode: refusal.code,
        processorResponseText: refusal.text,
        createdAt: now,
      },
    });
  },
};
