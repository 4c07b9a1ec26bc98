/**
 * Buying a plan (PurchaseSubscription, SubscribeToMinervaClasses): under the parent's account
 * lock, check they may buy it, spend the coupon, become the gateway's customer, vault the
 * payment method, then
 * - a recurring offer: a gateway subscription — with a trial nothing is charged today and no
 *   payment is recorded; without one the first period is charged now;
 * - a lifetime offer: one sale, no recurring subscription;
 * and record the subscription, its payment and its side effects in one transaction.
 *
 * The coupon is spent before the charge (of two parents with one code, only one pays) and given
 * back when the gateway refuses the payment.
 */
import type { FastifyBaseLogger } from 'fastify';
import { toWebOffer } from '../../catalog/repository.ts';
import { codeAlreadyUsed, codeExpired, codeInvalid } from '../../codesHandlers.ts';
import { redeemCodeOnce } from '../../codes/repository.ts';
import { newId } from '../../db/ids.ts';
import type { WebOfferRow } from '../../db/types.ts';
import type { GatewaySubscription, GatewayTransaction } from '../gateway.ts';
import { ensureCustomer, paymentMethodFor, type CustomerOptions, type CustomerRow, type PaymentMethodRow } from './customers.ts';
import { unwrap } from './failures.ts';
import { billingMonths, gatewayTrialDays, productOf, purchaseTerms } from './offers.ts';
import { insertPayment, insertSubscription, type SubscriptionRow } from './records.ts';
import type { PaymentServices } from './services.ts';
import { announceSubscription, fullNameOf } from './sideEffects.ts';

export interface SubscribeRequest {
  user: { id: string; email: string };
  offer: WebOfferRow;
  /** A nonce from the browser, or one of the parent's vaulted tokens. */
  paymentMethodToken: string;
  customerOptions: CustomerOptions | undefined;
  coupon: string | null;
  isResubscribe: boolean;
  partner: string | undefined;
  utm: Record<string, string> | null | undefined;
  log: FastifyBaseLogger;
}

export interface Subscribed {
  subscription: SubscriptionRow;
  customerEmail: string;
  trialDays: number;
}

export async function subscribe(s: PaymentServices, r: SubscribeRequest): Promise<Subscribed> {
  return s.locks.lockAccount(r.user.id, async () => {
    const now = s.now();
    const product = productOf(r.offer);
    const subscriptions = await s.db.selectFrom('subscriptions').selectAll().where('user_id', '=', r.user.id).execute();
    const terms = purchaseTerms(r.offer, product, subscriptions, { isResubscribe: r.isResubscribe, now });
    const months = billingMonths(r.offer);

    if (r.coupon) {
      const spent = await redeemCodeOnce(s.db, r.coupon, r.user.id, now);
      if (!spent.ok) throw spent.reason === 'used' ? codeAlreadyUsed() : spent.reason === 'expired' ? codeExpired() : codeInvalid();
    }
    let customer: CustomerRow;
    let method: PaymentMethodRow;
    let charged: { subscription: GatewaySubscription | null; transaction: GatewayTransaction | null };
    const orderId = newId();
    try {
      customer = await ensureCustomer(s, r.user, r.customerOptions);
      method = await paymentMethodFor(s, customer, r.paymentMethodToken, { makeDefault: true });
      if (months === null) {
        const transaction = unwrap(await s.gateway.sale({ paymentMethodToken: method.gateway_token, amountCents: r.offer.price_cents, orderId, now }), 'charge');
        charged = { subscription: null, transaction };
      } else {
        const subscription = unwrap(
          await s.gateway.createSubscription({
            paymentMethodToken: method.gateway_token,
            planId: r.offer.plan_id,
            priceCents: r.offer.price_cents,
            trialDurationDays: gatewayTrialDays(terms, now),
            billingFrequencyMonths: months,
            now,
          }),
          'charge',
        );
        charged = { subscription, transaction: subscription.transaction };
      }
    } catch (error) {
      if (r.coupon) await giveCouponBack(s, r.coupon, r.user.id, now);
      throw error;
    }

    const partner = r.offer.partner ?? r.partner ?? null;
    try {
      const subscription = await s.db.transaction().execute(async (trx) => {
        const row = await insertSubscription(trx, {
          user_id: r.user.id,
          customer_id: customer.id,
          web_offer_id: r.offer.id,
          class_add_on_id: null,
          product,
          status: charged.subscription?.status ?? 'Active',
          store: 'WebStore',
          price_cents: r.offer.price_cents,
          trial_duration_days: terms.trialDays,
          first_billing_date: charged.subscription?.firstBillingDate ?? null,
          next_billing_date: charged.subscription?.nextBillingDate ?? null,
          // A period paid now is paid through the next billing date (as a renewal records it: events.ts).
          term_expires_at: charged.subscription?.transaction ? charged.subscription.nextBillingDate : null,
          is_lifetime: months === null,
          source: 'purchase',
          code: r.coupon,
          gateway_subscription_id: charged.subscription?.id ?? null,
          payment_method_id: method.id,
          partner,
          created_at: now,
          updated_at: now,
        });
        if (charged.transaction) {
          await insertPayment(trx, {
            ...(months === null ? { id: orderId } : {}),
            userId: r.user.id,
            customerId: customer.id,
            subscriptionId: row.id,
            paymentMethodId: method.id,
            description: r.offer.offer_title ?? r.offer.plan_name,
            transaction: charged.transaction,
          });
        }
        await announceSubscription(trx, {
          userId: r.user.id,
          email: r.user.email,
          subscriptionId: row.id,
          offer: r.offer,
          fullName: fullNameOf(customer.first_name, customer.last_name),
          trialDays: terms.trialDays,
          utm: r.utm,
          partner,
          at: now,
        });
        return row;
      });
      return { subscription, customerEmail: customer.email, trialDays: terms.trialDays };
    } catch (error) {
      // The gateway has the subscription or the charge; only our record of it failed. Operators reconcile from this line.
      r.log.error({ err: error, userId: r.user.id, gatewaySubscriptionId: charged.subscription?.id ?? null, gatewayTransactionId: charged.transaction?.id ?? null }, 'a payment made at the gateway was not recorded');
      throw error;
    }
  });
}

/** A coupon spent for a payment the gateway refused is the parent's again. */
async function giveCouponBack(s: PaymentServices, code: string, userId: string, spentAt: Date) {
  await s.db.updateTable('codes').set({ redeemed_at: null, redeemed_by_user_id: null }).where('code', '=', code).where('redeemed_by_user_id', '=', userId).where('redeemed_at', '=', spentAt).execute();
}

export const subscriptionAnswer = (subscribed: Subscribed, offer: WebOfferRow) => ({
  subscriptionData: {
    id: subscribed.subscription.id,
    status: subscribed.subscription.status,
    trialDuration: subscribed.trialDays,
    nextBillingDate: subscribed.subscription.next_billing_date ? subscribed.subscription.next_billing_date.toISOString() : null,
  },
  customer: { email: subscribed.customerEmail },
  webOffer: toWebOffer(offer),
});
