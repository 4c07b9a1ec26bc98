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
 * past-due one is cancelled — it can then never charge the missed period a second time.
 */
import type { FastifyBaseLogger } from 'fastify';
import { findClassAddOn, findWebOffer } from '../../catalog/repository.ts';
import { newId } from '../../db/ids.ts';
import { ensureCustomer, paymentMethodFor, type CustomerRow, type PaymentMethodRow } from './customers.ts';
import { gatewayFailure, unwrap } from './failures.ts';
import { billingMonths } from './offers.ts';
import { addMonths, daysUntil, insertPayment, type SubscriptionRow } from './records.ts';
import type { PaymentServices } from './services.ts';

export async function updateCreditCard(s: PaymentServices, user: { id: string; email: string }, nonce: string, log: FastifyBaseLogger): Promise<{ success: true }> {
  return s.locks.lockAccount(user.id, async () => {
    const customer = await ensureCustomer(s, user);
    const method = await paymentMethodFor(s, customer, nonce, { makeDefault: true, failOnDuplicate: true });
    const renewing = await s.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('status', 'in', ['Active', 'PastDue'])
      .where('gateway_subscription_id', 'is not', null)
      .orderBy('created_at')
      .execute();
    for (const subscription of renewing) {
      if (subscription.status === 'PastDue') await payPastDue(s, customer, subscription, method, log);
      else if (subscription.payment_method_id !== method.id) await moveTo(s, subscription, method);
    }
    return { success: true as const };
  });
}

async function moveTo(s: PaymentServices, subscription: SubscriptionRow, method: PaymentMethodRow) {
  const now = s.now();
  unwrap(await s.gateway.updateSubscription({ subscriptionId: subscription.gateway_subscription_id!, paymentMethodToken: method.gateway_token, now }), 'vault');
  await s.db.updateTable('subscriptions').set({ payment_method_id: method.id, updated_at: now }).where('id', '=', subscription.id).execute();
}

/** What a subscription bills: its gateway plan and months between charges. */
async function billingOf(s: PaymentServices, subscription: SubscriptionRow): Promise<{ planId: string; months: number; description: string } | null> {
  if (subscription.class_add_on_id) {
    const addOn = await findClassAddOn(s.db, subscription.class_add_on_id);
    return addOn ? { planId: addOn.plan_id, months: 1, description: addOn.name } : null;
  }
  const offer = subscription.web_offer_id ? await findWebOffer(s.db, subscription.web_offer_id) : undefined;
  const months = offer ? billingMonths(offer) : null;
  return offer && months !== null ? { planId: offer.plan_id, months, description: offer.offer_title ?? offer.plan_name } : null;
}

async function payPastDue(s: PaymentServices, customer: CustomerRow, subscription: SubscriptionRow, method: PaymentMethodRow, log: FastifyBaseLogger) {
  const billing = await billingOf(s, subscription);
  if (!billing) {
    await moveTo(s, subscription, method);
    return;
  }
  const now = s.now();
  const orderId = newId();
  const charge = await s.gateway.sale({ paymentMethodToken: method.gateway_token, amountCents: subscription.price_cents, orderId, now });
  const payment = { userId: subscription.user_id, customerId: customer.id, subscriptionId: subscription.id, paymentMethodId: method.id, description: billing.description };
  if (!charge.ok) {
    const failure = charge.failure;
    if (failure.kind === 'processorDeclined' || failure.kind === 'failed') {
      // The gateway answers a refusal without its transaction: the payment is recorded without its id.
      const declined = { id: null, amountCents: subscription.price_cents, status: failure.kind === 'failed' ? ('failed' as const) : ('declined' as const), processorResponseCode: failure.code, processorResponseText: failure.text, createdAt: now };
      await insertPayment(s.db, { ...payment, id: orderId, transaction: declined });
    }
    await moveTo(s, subscription, method);
    throw gatewayFailure(failure, 'charge');
  }

  // Paid: a period from the missed billing date (or from now, when more than a period was missed).
  const missed = subscription.next_billing_date && subscription.next_billing_date.getTime() <= now.getTime() ? subscription.next_billing_date : now;
  const periodEnd = addMonths(missed, billing.months).getTime() > now.getTime() ? addMonths(missed, billing.months) : addMonths(now, billing.months);
  await insertPayment(s.db, { ...payment, id: orderId, transaction: charge.value });
  const replacement = await s.gateway.createSubscription({
    paymentMethodToken: method.gateway_token,
    planId: billing.planId,
    priceCents: subscription.price_cents,
    trialDurationDays: daysUntil(periodEnd, now),
    billingFrequencyMonths: billing.months,
    now,
  });
  if (!replacement.ok) {
    // Paid, but the plan could not be set up again: it stays past due (access kept) for an operator to fix.
    log.error({ userId: subscription.user_id, subscriptionId: subscription.id, failure: replacement.failure.kind }, 'a past-due plan was paid but its renewal could not be set up');
    return;
  }
  const old = await s.gateway.cancelSubscription({ subscriptionId: subscription.gateway_subscription_id!, now });
  if (!old.ok) log.error({ userId: subscription.user_id, gatewaySubscriptionId: subscription.gateway_subscription_id }, 'a paid past-due subscription was not cancelled at the gateway');
  await s.db
    .updateTable('subscriptions')
    .set({ status: 'Active', gateway_subscription_id: replacement.value.id, payment_method_id: method.id, next_billing_date: replacement.value.firstBillingDate, term_expires_at: replacement.value.firstBillingDate, updated_at: now })
    .where('id', '=', subscription.id)
    .execute();
}
