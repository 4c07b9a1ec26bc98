/**
 * Our subscription and payment rows, mirroring the gateway's (gateway_subscription_id,
 * gateway_transaction_id). A gateway event may record the same transaction (a webhook for a
 * subscription's first charge): the unique gateway_transaction_id keeps one row.
 */
import type { Insertable, Selectable } from 'kysely';
import { addMonths } from '../../codesHandlers.ts';
import { newId } from '../../db/ids.ts';
import type { Db } from '../../db/transaction.ts';
import type { SubscriptionsTable } from '../../db/types.ts';
import type { GatewayTransaction } from '../gateway.ts';
import type { Charged } from '../intents/plan.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;

export const DAY_MS = 86_400_000;

export async function insertSubscription(db: Db, values: Omit<NewSubscription, 'id'>): Promise<SubscriptionRow> {
  return db.insertInto('subscriptions').values({ id: newId(), ...values }).returningAll().executeTakeFirstOrThrow();
}

export interface PaymentRecord {
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  paymentMethodId: string | null;
  description: string;
  /** The gateway's transaction; `id` null for a refusal the gateway answered without one. */
  transaction: Omit<GatewayTransaction, 'id'> & { id: string | null };
  /** The payment's id (an order id given to the gateway), else a new one. */
  id?: string;
}

/** A transaction's status as the parent's billing history says it: a voided charge was given back, as a refund is. */
export const paymentStatusOf = (transaction: Pick<GatewayTransaction, 'status'>) => (transaction.status === 'voided' ? 'refunded' : transaction.status);

/** Records a gateway transaction (settled, declined or failed) once. */
export async function insertPayment(db: Db, p: PaymentRecord): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      id: p.id ?? newId(),
      user_id: p.userId,
      customer_id: p.customerId,
      subscription_id: p.subscriptionId,
      payment_method_id: p.paymentMethodId,
      amount_cents: p.transaction.amountCents,
      status: paymentStatusOf(p.transaction),
      description: p.description,
      gateway_transaction_id: p.transaction.id,
      processor_response_code: p.transaction.processorResponseCode,
      processor_response_text: p.transaction.processorResponseText,
      created_at: p.transaction.createdAt,
    })
    .onConflict((oc) => oc.column('gateway_transaction_id').doNothing())
    .execute();
}

/**
 * The payment of what a payment intent charged today: its sale, whose payment is the intent's
 * order (the payment's id is the intent's), else the first charge of its subscription; nothing
 * when it charged nothing today (a trial).
 */
export async function insertIntentPayment(db: Db, intentId: string, charged: Charged, p: Omit<PaymentRecord, 'transaction' | 'id'>): Promise<void> {
  if (charged.sale) await insertPayment(db, { ...p, id: intentId, transaction: charged.sale });
  else if (charged.subscription?.transaction) await insertPayment(db, { ...p, transaction: charged.subscription.transaction });
}

/** One of the parent's subscriptions, named by our id or the gateway's. */
export async function findOwnSubscription(db: Db, userId: string, id: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('id', '=', id), eb('gateway_subscription_id', '=', id)]))
    .executeTakeFirst();
}

/** Is the subscription in a trial that has not ended (spec §4 "Trial active")? */
export const inTrial = (s: Pick<SubscriptionRow, 'trial_duration_days' | 'first_billing_date'>, now: Date) =>
  s.trial_duration_days > 0 && s.first_billing_date !== null && s.first_billing_date.getTime() > now.getTime();

/**
 * Until when a renewing subscription is paid for (or its trial runs): the next billing date
 * that has not come yet. A past-due one has missed a payment: what was paid before it (its
 * term_expires_at, events.ts), at most now.
 */
export function paidThrough(s: SubscriptionRow, now: Date): Date {
  if (s.status === 'PastDue') return s.term_expires_at && s.term_expires_at.getTime() > now.getTime() ? s.term_expires_at : now;
  const next = s.next_billing_date ?? s.first_billing_date;
  return next && next.getTime() > now.getTime() ? next : now;
}

/** Whole days from `now` to `until` (rounded up), 0 when it has passed. */
export const daysUntil = (until: Date, now: Date) => Math.max(0, Math.ceil((until.getTime() - now.getTime()) / DAY_MS));

export { addMonths };
