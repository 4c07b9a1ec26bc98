/**
 * CreateClassAddOnSubscription (spec §2.11, §9): an existing subscriber adds classes. Today's
 * amount is charged now ($10 for 4 classes, $1 for 1 class); the monthly price ($54.99, $14.99)
 * is billed by a gateway subscription whose first billing comes after the promo (30 days).
 * The subscription is made first (it charges nothing today), so a declined charge can undo it.
 */
import { CallError, ErrorCode } from '../../../contract/index.ts';
import { givesAccess } from '../../accounts/customer.ts';
import { findClassAddOn } from '../../catalog/repository.ts';
import { newId } from '../../db/ids.ts';
import type { GatewayTransaction } from '../gateway.ts';
import { ensureCustomer, paymentMethodFor } from './customers.ts';
import { gatewayFailure, unwrap } from './failures.ts';
import { alreadyHaveSubscription } from './offers.ts';
import { insertPayment, insertSubscription } from './records.ts';
import type { PaymentServices } from './services.ts';

export async function createClassAddOn(s: PaymentServices, user: { id: string; email: string }, classAddOnId: string, paymentMethodToken: string): Promise<{ id: string }> {
  return s.locks.lockAccount(user.id, async () => {
    const now = s.now();
    const addOn = await findClassAddOn(s.db, classAddOnId);
    if (!addOn || !addOn.is_active) throw new CallError(ErrorCode.OBJECT_NOT_FOUND, 'This class plan is not available.');
    const subscriptions = await s.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).execute();
    const granting = subscriptions.filter((sub) => givesAccess(sub, now));
    // Spec §8 add-classes alert: classes are added to a plan the parent has.
    if (!granting.some((sub) => sub.product === 'app' || sub.product === 'classes')) throw new CallError(ErrorCode.SCRIPT_FAILED, `Account ${user.email} has no active subscription.`);
    if (granting.some((sub) => sub.product === 'addOn' && sub.class_add_on_id === addOn.id)) throw alreadyHaveSubscription();

    const customer = await ensureCustomer(s, user);
    const method = await paymentMethodFor(s, customer, paymentMethodToken, { makeDefault: false });
    const subscription = unwrap(
      await s.gateway.createSubscription({ paymentMethodToken: method.gateway_token, planId: addOn.plan_id, priceCents: addOn.price_cents, trialDurationDays: addOn.promo_days, billingFrequencyMonths: 1, now }),
      'charge',
    );
    const orderId = newId();
    let today: GatewayTransaction | null = null;
    if (addOn.today_price_cents > 0) {
      const charge = await s.gateway.sale({ paymentMethodToken: method.gateway_token, amountCents: addOn.today_price_cents, orderId, now }).catch((error: unknown) => ({ ok: false as const, error }));
      if (!charge.ok) {
        await s.gateway.cancelSubscription({ subscriptionId: subscription.id, now });
        throw 'error' in charge ? charge.error : gatewayFailure(charge.failure, 'charge');
      } else {
        today = charge.value;
      }
    }

    const row = await s.db.transaction().execute(async (trx) => {
      const row = await insertSubscription(trx, {
        user_id: user.id,
        customer_id: customer.id,
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
        payment_method_id: method.id,
        created_at: now,
        updated_at: now,
      });
      if (today)
        await insertPayment(trx, { id: orderId, userId: user.id, customerId: customer.id, subscriptionId: row.id, paymentMethodId: method.id, description: `${addOn.name}, first ${addOn.promo_days} days`, transaction: today });
      return row;
    });
    return { id: row.id };
  });
}
