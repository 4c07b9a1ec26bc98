/**
 * What applying a gateway event (events.ts) reads and writes: our subscription named by the
 * gateway's id, and the payments row of the event's transaction. Every function takes a
 * database or a transaction.
 */
import type { Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/transaction.ts';
import type { Database, PaymentsTable, SubscriptionsTable } from '../../db/types.ts';
import type { GatewayTransaction } from '../gateway.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** Our subscription of the gateway's subscription id, locked for the rest of the transaction. */
export async function findSubscriptionByGatewayIdForUpdate(tx: Transaction<Database>, gatewaySubscriptionId: string): Promise<SubscriptionRow | undefined> {
  return tx.selectFrom('subscriptions').selectAll().where('gateway_subscription_id', '=', gatewaySubscriptionId).forUpdate().executeTakeFirst();
}

export async function updateSubscription(db: Db, id: string, changes: Updateable<SubscriptionsTable>): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}

export interface SubscriptionPayment {
  id: string;
  subscription: SubscriptionRow;
  transaction: GatewayTransaction;
  status: PaymentsTable['status'];
  description: string;
}

/** Inserts the payments row of the subscription's gateway transaction; its id, or undefined when that transaction already has one. */
export async function insertPaymentUnlessRecorded(db: Db, p: SubscriptionPayment): Promise<string | undefined> {
  const inserted = await db
    .insertInto('payments')
    .values({
      id: p.id,
      user_id: p.subscription.user_id,
      customer_id: p.subscription.customer_id,
      subscription_id: p.subscription.id,
      payment_method_id: p.subscription.payment_method_id,
      amount_cents: p.transaction.amountCents,
      status: p.status,
      description: p.description,
      gateway_transaction_id: p.transaction.id,
      processor_response_code: p.transaction.processorResponseCode,
      processor_response_text: p.transaction.processorResponseText,
      created_at: p.transaction.createdAt,
    })
    .onConflict((oc) => oc.column('gateway_transaction_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** The id of the payments row of a gateway transaction (which must exist). */
export async function findPaymentIdOfTransaction(db: Db, gatewayTransactionId: string): Promise<string> {
  const row = await db.selectFrom('payments').select('id').where('gateway_transaction_id', '=', gatewayTransactionId).executeTakeFirstOrThrow();
  return row.id;
}
