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
 */
import type { FastifyBaseLogger } from 'fastify';
import { CallError, ErrorCode } from '../../../contract/index.ts';
import { newId } from '../../db/ids.ts';
import type { GatewaySubscription, GatewayTransaction } from '../gateway.ts';
import { noSuchSubscription } from './cancel.ts';
import { defaultPaymentMethod, type PaymentMethodRow } from './customers.ts';
import { gatewayFailure, unwrap } from './failures.ts';
import { billingMonths, offerForUpgrade, productOf } from './offers.ts';
import { daysUntil, findOwnSubscription, inTrial, insertPayment, insertSubscription, paidThrough } from './records.ts';
import type { PaymentServices } from './services.ts';

const cannotChange = (why: string) => new CallError(ErrorCode.SCRIPT_FAILED, why);

export async function upgradeSubscription(s: PaymentServices, userId: string, oldSubscriptionId: string, newPlanId: string, log: FastifyBaseLogger): Promise<{ subscriptionId: string }> {
  return s.locks.lockAccount(userId, async () => {
    const now = s.now();
    const old = await findOwnSubscription(s.db, userId, oldSubscriptionId);
    if (!old) throw noSuchSubscription();
    if (old.status === 'PastDue') throw cannotChange('Your last payment did not go through: please update your payment method first.');
    if (old.status !== 'Active' || old.gateway_subscription_id === null || old.store !== 'WebStore' || old.customer_id === null)
      throw cannotChange('This plan cannot be changed here.');
    const offer = await offerForUpgrade(s.db, newPlanId);
    if (offer.id === old.web_offer_id) throw cannotChange('You are already on this plan.');
    if (productOf(offer) !== old.product) throw cannotChange('This plan cannot be changed to that one.');

    const method: PaymentMethodRow | undefined =
      (old.payment_method_id ? await s.db.selectFrom('payment_methods').selectAll().where('id', '=', old.payment_method_id).where('deleted_at', 'is', null).executeTakeFirst() : undefined) ??
      (await defaultPaymentMethod(s.db, old.customer_id));
    if (!method) throw cannotChange('Please add a payment method first.');

    const months = billingMonths(offer);
    const paidUntil = paidThrough(old, now);
    const orderId = newId();
    let created: GatewaySubscription | null = null;
    let transaction: GatewayTransaction | null;
    if (months === null) {
      transaction = unwrap(await s.gateway.sale({ paymentMethodToken: method.gateway_token, amountCents: offer.price_cents, orderId, now }), 'charge');
    } else {
      created = unwrap(
        await s.gateway.createSubscription({ paymentMethodToken: method.gateway_token, planId: offer.plan_id, priceCents: offer.price_cents, trialDurationDays: daysUntil(paidUntil, now), billingFrequencyMonths: months, now }),
        'charge',
      );
      transaction = created.transaction;
    }
    const cancelled = await s.gateway.cancelSubscription({ subscriptionId: old.gateway_subscription_id, now });
    if (!cancelled.ok && created) {
      // Never two renewing plans: the new one goes, the parent keeps the old.
      await s.gateway.cancelSubscription({ subscriptionId: created.id, now });
      throw gatewayFailure(cancelled.failure, 'charge');
    }
    if (!cancelled.ok) log.error({ userId, gatewaySubscriptionId: old.gateway_subscription_id }, 'the old plan of a lifetime upgrade was not cancelled at the gateway');

    const row = await s.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'Canceled', canceled_at: now, cancel_reason: 'upgrade', term_expires_at: paidUntil, next_billing_date: null, updated_at: now })
        .where('id', '=', old.id)
        .execute();
      const row = await insertSubscription(trx, {
        user_id: userId,
        customer_id: old.customer_id,
        web_offer_id: offer.id,
        class_add_on_id: null,
        product: old.product,
        status: created?.status ?? 'Active',
        store: 'WebStore',
        price_cents: offer.price_cents,
        // A trial still running carries over; the wait until the old plan's paid end is not a trial.
        trial_duration_days: inTrial(old, now) ? old.trial_duration_days : 0,
        first_billing_date: created?.firstBillingDate ?? null,
        next_billing_date: created?.nextBillingDate ?? null,
        term_expires_at: created?.transaction ? created.nextBillingDate : null,
        is_lifetime: months === null,
        source: 'purchase',
        gateway_subscription_id: created?.id ?? null,
        payment_method_id: method.id,
        partner: old.partner,
        created_at: now,
        updated_at: now,
      });
      if (transaction)
        await insertPayment(trx, {
          ...(months === null ? { id: orderId } : {}),
          userId,
          customerId: old.customer_id,
          subscriptionId: row.id,
          paymentMethodId: method.id,
          description: offer.offer_title ?? offer.plan_name,
          transaction,
        });
      return row;
    });
    return { subscriptionId: row.id };
  });
}
