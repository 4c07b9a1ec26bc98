/**
 * The `subscriptions` table: a parent's plans, each mirroring a gateway subscription
 * (gateway_subscription_id) or a one-time purchase. Every function takes a database or a
 * transaction.
 */
import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Db } from '../db/transaction.ts';
import type { Database, SubscriptionsTable } from '../db/types.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;

export async function insertSubscription(db: Db, values: Omit<NewSubscription, 'id'>): Promise<SubscriptionRow> {
  return db
    .insertInto('subscriptions')
    .values({ id: newId(), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every subscription of the parent, whatever its status. */
export async function findSubscriptionsOfUser(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
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

/** The parent's subscriptions the gateway bills (active or past due), oldest first. */
export async function findRenewingSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['Active', 'PastDue'])
    .where('gateway_subscription_id', 'is not', null)
    .orderBy('created_at')
    .execute();
}

export interface Cancellation {
  reason: string;
  /** Access lasts until then: what was paid for. */
  termExpiresAt: Date;
  now: Date;
}

/** Records the subscription cancelled: it no longer bills, and gives access until `termExpiresAt`. */
export async function markSubscriptionCanceled(db: Db, id: string, c: Cancellation): Promise<SubscriptionRow> {
  return db
    .updateTable('subscriptions')
    .set({
      status: 'Canceled',
      canceled_at: c.now,
      cancel_reason: c.reason,
      term_expires_at: c.termExpiresAt,
      next_billing_date: null,
      updated_at: c.now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The payment method the subscription bills from now on. */
export async function setSubscriptionPaymentMethod(db: Db, id: string, paymentMethodId: string, now: Date): Promise<void> {
  await updateSubscription(db, id, { payment_method_id: paymentMethodId, updated_at: now });
}

export interface Renewal {
  /** The gateway subscription that bills it from now on. */
  gatewaySubscriptionId: string;
  paymentMethodId: string;
  /** The replacement's first billing: the end of the period just paid. */
  paidUntil: Date;
  now: Date;
}

/** A past-due subscription paid again: active, billed by a new gateway subscription. */
export async function markSubscriptionRenewed(db: Db, id: string, r: Renewal): Promise<void> {
  await updateSubscription(db, id, {
    status: 'Active',
    gateway_subscription_id: r.gatewaySubscriptionId,
    payment_method_id: r.paymentMethodId,
    next_billing_date: r.paidUntil,
    term_expires_at: r.paidUntil,
    updated_at: r.now,
  });
}

/** Our subscription of the gateway's subscription id, locked for the rest of the transaction. */
export async function findSubscriptionByGatewayIdForUpdate(
  tx: Transaction<Database>,
  gatewaySubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return tx
    .selectFrom('subscriptions')
    .selectAll()
    .where('gateway_subscription_id', '=', gatewaySubscriptionId)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets the given columns of one subscription. */
export async function updateSubscription(db: Db, id: string, changes: Updateable<SubscriptionsTable>): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}
