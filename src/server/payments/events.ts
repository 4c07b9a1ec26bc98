/**
 * What the gateway tells us happened later — a Braintree webhook, or the sandbox's billing run —
 * applied to our tables. One function for both, so the sandbox exercises the production path.
 *
 * - A charge (successful or not) becomes a `payments` row, keyed by the gateway's transaction
 *   id: a notification delivered twice records one payment and changes nothing the second time.
 * - A successful charge makes the subscription Active and paid through its next billing date
 *   (`term_expires_at`), and a trialist an Active Subscriber (told once per subscription); an
 *   unsuccessful one makes it PastDue, its access ending where the paid period ends
 *   (customer.ts: a PastDue plan gives access until `term_expires_at`).
 * - Status notifications set the status; a Canceled or Expired subscription is never revived
 *   by a late charge notification, only its payment is recorded.
 */
import { trackAccountStatus } from '../accounts/accountStatus.ts';
import { findUserById } from '../accounts/repository.ts';
import { findClassAddOn, findWebOffer } from '../catalog/repository.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import { findSubscriptionByGatewayIdForUpdate, type SubscriptionRow, updateSubscription } from '../subscriptions/repository.ts';
import type { GatewayEvent, GatewayTransaction } from './gateway.ts';
import { findPaymentIdOfTransaction, insertPayment } from './repository.ts';

export interface AppliedEvent {
  /** Whether our tables changed. */
  changed: boolean;
  /** Our subscription's id, when the gateway's subscription is one of ours. */
  subscriptionId: string | null;
  /** The payments row recorded for the event's transaction (new or already there). */
  paymentId: string | null;
}

type Status = SubscriptionRow['status'];

const ENDED: ReadonlySet<Status> = new Set(['Canceled', 'Expired']);

/** An event about one of our subscriptions (every kind but 'ignored'). */
type SubscriptionEvent = Exclude<GatewayEvent, { kind: 'ignored' }>;

export async function applyGatewayEvent(db: Db, event: GatewayEvent, now: Date): Promise<AppliedEvent> {
  if (event.kind === 'ignored') return { changed: false, subscriptionId: null, paymentId: null };
  return applySubscriptionEvent(db, event, now);
}

async function applySubscriptionEvent(db: Db, event: SubscriptionEvent, now: Date): Promise<AppliedEvent> {
  return inTransaction(db, async (tx) => {
    const subscription = await findSubscriptionByGatewayIdForUpdate(tx, event.subscriptionId);
    if (!subscription) return { changed: false, subscriptionId: null, paymentId: null };
    const unchanged: AppliedEvent = { changed: false, subscriptionId: subscription.id, paymentId: null };

    const setStatus = async (status: Status, extra: Partial<Pick<SubscriptionRow, 'canceled_at'>> = {}) => {
      if (subscription.status === status) return unchanged;
      await updateSubscription(tx, subscription.id, { status, ...extra, updated_at: now });
      return { ...unchanged, changed: true };
    };

    switch (event.kind) {
      case 'subscriptionChargedSuccessfully':
      case 'subscriptionChargedUnsuccessfully': {
        const payment = await recordPayment(tx, subscription, event.transaction);
        if (!payment.created) return { ...unchanged, paymentId: payment.id };
        if (!ENDED.has(subscription.status)) {
          if (event.kind === 'subscriptionChargedSuccessfully') {
            // A notification without the next date (Braintree's test samples) keeps the one we know.
            const next = event.nextBillingDate ?? subscription.next_billing_date;
            await updateSubscription(tx, subscription.id, {
              status: 'Active',
              next_billing_date: next,
              term_expires_at: next ?? subscription.term_expires_at,
              updated_at: now,
            });
            // Without a trial the parent was an Active Subscriber from the purchase on.
            if (subscription.trial_duration_days > 0) await paidFor(tx, subscription);
          } else {
            // Unpaid from the failed charge on: access lasts to the end of what was paid for.
            await updateSubscription(tx, subscription.id, {
              status: 'PastDue',
              term_expires_at: subscription.term_expires_at ?? event.transaction.createdAt,
              updated_at: now,
            });
          }
        }
        return { changed: true, subscriptionId: subscription.id, paymentId: payment.id };
      }
      case 'subscriptionWentPastDue':
        return ENDED.has(subscription.status) ? unchanged : setStatus('PastDue');
      case 'subscriptionWentActive':
        return ENDED.has(subscription.status) ? unchanged : setStatus('Active');
      case 'subscriptionCanceled':
        return subscription.status === 'Expired' ? unchanged : setStatus('Canceled', { canceled_at: subscription.canceled_at ?? now });
      case 'subscriptionExpired':
        return setStatus('Expired');
      case 'subscriptionTrialEnded':
        return unchanged; // The first charge's own notification follows.
    }
  });
}

/** A trialist's first charge makes an Active Subscriber; told once per subscription. */
async function paidFor(db: Db, subscription: SubscriptionRow): Promise<void> {
  const user = await findUserById(db, subscription.user_id);
  if (user) await trackAccountStatus(db, { userId: user.id, email: user.email, status: 'Active Subscriber', about: subscription.id });
}

/** The payments row of a gateway transaction: inserted once, found afterwards. */
async function recordPayment(
  db: Db,
  subscription: SubscriptionRow,
  transaction: GatewayTransaction,
): Promise<{ id: string; created: boolean }> {
  const description = await describe(db, subscription);
  const inserted = await insertPayment(db, {
    userId: subscription.user_id,
    customerId: subscription.customer_id,
    subscriptionId: subscription.id,
    paymentMethodId: subscription.payment_method_id,
    transaction,
    description,
  });
  if (inserted) return { id: inserted, created: true };
  return { id: await findPaymentIdOfTransaction(db, transaction.id), created: false };
}

/** What the billing history calls the charge: the plan's name (or the class add-on's). */
async function describe(db: Db, subscription: SubscriptionRow): Promise<string> {
  if (subscription.web_offer_id) {
    const offer = await findWebOffer(db, subscription.web_offer_id);
    if (offer) return offer.plan_name;
  }
  if (subscription.class_add_on_id) {
    const addOn = await findClassAddOn(db, subscription.class_add_on_id);
    if (addOn) return addOn.name;
  }
  return 'Subscription';
}
