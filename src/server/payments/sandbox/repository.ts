/**
 * The sandbox gateway's own tables (migration 008): its customers, vaulted payment methods,
 * subscriptions and transactions. Every function takes a database or a transaction and answers
 * the sandbox's rows (records.ts turns them into what the gateway interface shows).
 */
import type { Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/transaction.ts';
import type { Database, SandboxSubscriptionsTable } from '../../db/types.ts';
import type { SandboxPaymentMethodRow, SandboxSubscriptionRow, SandboxTransactionRow } from './records.ts';

export async function insertCustomer(
  db: Db,
  c: { id: string; email: string; firstName: string | null; lastName: string | null; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('sandbox_customers')
    .values({ id: c.id, email: c.email, first_name: c.firstName, last_name: c.lastName, created_at: c.createdAt })
    .execute();
}

/** Locks the customer for the rest of the transaction; false when there is none with that id. */
export async function lockCustomer(tx: Transaction<Database>, id: string): Promise<boolean> {
  const row = await tx.selectFrom('sandbox_customers').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function findPaymentMethod(db: Db, token: string): Promise<SandboxPaymentMethodRow | undefined> {
  return db.selectFrom('sandbox_payment_methods').selectAll().where('token', '=', token).executeTakeFirst();
}

/** The customer's vaulted methods, by token and card fingerprint. */
export async function listCustomerFingerprints(
  db: Db,
  customerId: string,
): Promise<Pick<SandboxPaymentMethodRow, 'token' | 'unique_number_identifier'>[]> {
  return db
    .selectFrom('sandbox_payment_methods')
    .select(['token', 'unique_number_identifier'])
    .where('customer_id', '=', customerId)
    .execute();
}

/** None of the customer's methods is the default any more. */
export async function clearDefaultPaymentMethod(db: Db, customerId: string): Promise<void> {
  await db.updateTable('sandbox_payment_methods').set({ is_default: false }).where('customer_id', '=', customerId).execute();
}

export async function insertPaymentMethod(db: Db, row: SandboxPaymentMethodRow): Promise<void> {
  await db.insertInto('sandbox_payment_methods').values(row).execute();
}

export async function findSubscription(db: Db, id: string): Promise<SandboxSubscriptionRow | undefined> {
  return db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function subscriptionIdTaken(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('sandbox_subscriptions').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function findSubscriptionForUpdate(tx: Transaction<Database>, id: string): Promise<SandboxSubscriptionRow | undefined> {
  return tx.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The subscription, locked; undefined when there is none or another transaction holds it. */
export async function findSubscriptionForUpdateSkipLocked(
  tx: Transaction<Database>,
  id: string,
): Promise<SandboxSubscriptionRow | undefined> {
  return tx.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
}

/** Ids of the subscriptions a billing run at `at` charges: Active ones due, PastDue ones due for a retry; by billing date. */
export async function listDueSubscriptionIds(db: Db, at: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('sandbox_subscriptions')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'Active'), eb('next_billing_date', '<=', at)]),
        eb.and([eb('status', '=', 'PastDue'), eb('retry_at', '<=', at)]),
      ]),
    )
    .orderBy('next_billing_date')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertSubscription(db: Db, row: SandboxSubscriptionRow): Promise<void> {
  await db.insertInto('sandbox_subscriptions').values(row).execute();
}

/** Writes `changes` to the subscription and answers it as it now is. */
export async function updateSubscription(
  db: Db,
  id: string,
  changes: Updateable<SandboxSubscriptionsTable>,
): Promise<SandboxSubscriptionRow> {
  return db.updateTable('sandbox_subscriptions').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function insertTransaction(db: Db, row: SandboxTransactionRow): Promise<void> {
  await db.insertInto('sandbox_transactions').values(row).execute();
}

/** The latest transaction made for an order id. */
export async function findLatestTransactionForOrder(db: Db, orderId: string): Promise<SandboxTransactionRow | undefined> {
  return db
    .selectFrom('sandbox_transactions')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The subscription's earliest transaction. */
export async function findFirstTransactionOfSubscription(db: Db, subscriptionId: string): Promise<SandboxTransactionRow | undefined> {
  return db
    .selectFrom('sandbox_transactions')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}

export async function findTransactionForUpdate(tx: Transaction<Database>, id: string): Promise<SandboxTransactionRow | undefined> {
  return tx.selectFrom('sandbox_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markTransactionRefunded(db: Db, id: string): Promise<SandboxTransactionRow> {
  return db.updateTable('sandbox_transactions').set({ status: 'refunded' }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
