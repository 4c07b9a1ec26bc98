/**
 * Our side of the gateway: the parent as its customer (`customers`), their vaulted payment
 * methods (`payment_methods`) and the transactions it made (`payments`), each mirroring the
 * gateway's (gateway_customer_id, gateway_token, gateway_transaction_id). Every function takes
 * a database or a transaction.
 */
import type { Insertable, Selectable } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Db } from '../db/transaction.ts';
import type { CustomersTable, PaymentMethodsTable } from '../db/types.ts';
import type { GatewayTransaction } from './gateway.ts';
import { type Charged, type IntentRow, releaseOfIntent } from './intents/plan.ts';

export type CustomerRow = Selectable<CustomersTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
type NewCustomer = Insertable<CustomersTable>;
type NewPaymentMethod = Insertable<PaymentMethodsTable>;

// Customers

export async function findCustomerOfUser(db: Db, userId: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts the parent's customer, unless they have one already (then undefined: the existing row stays). */
export async function insertCustomerIfAbsent(db: Db, values: Omit<NewCustomer, 'id'>): Promise<CustomerRow | undefined> {
  return db
    .insertInto('customers')
    .values({ id: newId(), ...values })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateCustomerNames(
  db: Db,
  id: string,
  names: { firstName: string | null; lastName: string | null },
  now: Date,
): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({ first_name: names.firstName, last_name: names.lastName, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface GatewayCustomer {
  gateway: string;
  gatewayCustomerId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** The customer row now names the parent's customer at another gateway. */
export async function moveCustomerToGateway(db: Db, id: string, c: GatewayCustomer, now: Date): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({
      gateway: c.gateway,
      gateway_customer_id: c.gatewayCustomerId,
      email: c.email,
      first_name: c.firstName,
      last_name: c.lastName,
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Payment methods

/** The customer's default payment method (else the newest), or undefined when none is vaulted. */
export async function findDefaultPaymentMethod(db: Db, customerId: string): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** One of the customer's payment methods still on file, by its gateway token. */
export async function findPaymentMethodByToken(db: Db, customerId: string, gatewayToken: string): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('gateway_token', '=', gatewayToken)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A payment method still on file, by our id. */
export async function findPaymentMethod(db: Db, id: string): Promise<PaymentMethodRow | undefined> {
  return db.selectFrom('payment_methods').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertPaymentMethod(db: Db, values: Omit<NewPaymentMethod, 'id'>): Promise<PaymentMethodRow> {
  return db
    .insertInto('payment_methods')
    .values({ id: newId(), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The customer has no default payment method any more (a new one is about to be). */
export async function clearDefaultPaymentMethod(db: Db, customerId: string): Promise<void> {
  await db
    .updateTable('payment_methods')
    .set({ is_default: false })
    .where('customer_id', '=', customerId)
    .where('is_default', '=', true)
    .execute();
}

/** Every payment method of the customer leaves the file. */
export async function deletePaymentMethodsOf(db: Db, customerId: string, now: Date): Promise<void> {
  await db
    .updateTable('payment_methods')
    .set({ deleted_at: now, is_default: false })
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .execute();
}

// Payments

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
  /** The release of the page that paid; none for a renewal. */
  releaseId?: number | null;
}

/** A transaction's status as the parent's billing history says it: a voided charge was given back, as a refund is. */
export const paymentStatusOf = (transaction: Pick<GatewayTransaction, 'status'>) =>
  transaction.status === 'voided' ? 'refunded' : transaction.status;

/**
 * Records a gateway transaction (settled, declined or failed) once: a gateway event may record
 * the same transaction (a webhook for a subscription's first charge), and the unique
 * gateway_transaction_id keeps one row. Answers the new row's id, or undefined when the
 * transaction had one already.
 */
export async function insertPayment(db: Db, p: PaymentRecord): Promise<string | undefined> {
  const inserted = await db
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
      release_id: p.releaseId ?? null,
      created_at: p.transaction.createdAt,
    })
    .onConflict((oc) => oc.column('gateway_transaction_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * The payment of what a payment intent charged today: its sale, whose payment is the intent's
 * order (the payment's id is the intent's), else the first charge of its subscription; nothing
 * when it charged nothing today (a trial).
 */
export async function insertIntentPayment(
  db: Db,
  intent: Pick<IntentRow, 'id' | 'release_id'>,
  charged: Charged,
  p: Omit<PaymentRecord, 'transaction' | 'id' | 'releaseId'>,
): Promise<void> {
  const releaseId = releaseOfIntent(intent);
  if (charged.sale) await insertPayment(db, { ...p, id: intent.id, releaseId, transaction: charged.sale });
  else if (charged.subscription?.transaction) await insertPayment(db, { ...p, releaseId, transaction: charged.subscription.transaction });
}

/** The id of the payments row of a gateway transaction (which must exist). */
export async function findPaymentIdOfTransaction(db: Db, gatewayTransactionId: string): Promise<string> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('gateway_transaction_id', '=', gatewayTransactionId)
    .executeTakeFirstOrThrow();
  return row.id;
}
