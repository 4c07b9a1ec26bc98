/**
 * The parent as a customer of the gateway (`customers`) and their vaulted payment methods
 * (`payment_methods`): our rows mirror the gateway's (gateway_customer_id, gateway_token) and
 * hold only what may be shown — type, brand, last four digits, expiry, PayPal address.
 */
import type { Selectable } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { Db } from '../../db/transaction.ts';
import type { CustomersTable, PaymentMethodsTable } from '../../db/types.ts';
import { unwrap } from './failures.ts';
import type { PaymentServices } from './services.ts';

export type CustomerRow = Selectable<CustomersTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

export interface CustomerOptions {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

const name = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export async function findCustomer(db: Db, userId: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The parent's customer at the current gateway, created there (and in `customers`) the first
 * time; names sent with a later payment replace the stored ones.
 */
export async function ensureCustomer(s: PaymentServices, user: { id: string; email: string }, options: CustomerOptions = {}): Promise<CustomerRow> {
  const firstName = name(options.firstName);
  const lastName = name(options.lastName);
  const at = s.now();
  const existing = await findCustomer(s.db, user.id);
  if (existing && existing.gateway === s.gateway.name) {
    if ((firstName === null || firstName === existing.first_name) && (lastName === null || lastName === existing.last_name)) return existing;
    return s.db
      .updateTable('customers')
      .set({ first_name: firstName ?? existing.first_name, last_name: lastName ?? existing.last_name, updated_at: at })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const email = (options.email ?? user.email).trim().toLowerCase();
  const { customerId } = await s.gateway.createCustomer({ email, firstName, lastName });
  if (existing) {
    // The server moved to another gateway: the parent becomes its customer; the old vault's methods are not usable there.
    return s.db.transaction().execute(async (trx) => {
      await trx.updateTable('payment_methods').set({ deleted_at: at, is_default: false }).where('customer_id', '=', existing.id).where('deleted_at', 'is', null).execute();
      return trx
        .updateTable('customers')
        .set({ gateway: s.gateway.name, gateway_customer_id: customerId, email, first_name: firstName, last_name: lastName, updated_at: at })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }
  const inserted = await s.db
    .insertInto('customers')
    .values({ id: newId(), user_id: user.id, gateway: s.gateway.name, gateway_customer_id: customerId, email, first_name: firstName, last_name: lastName, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  // A racing call of the same parent made the row first: theirs is kept (the gateway customer made here stays unused).
  return inserted ?? (await findCustomer(s.db, user.id))!;
}

/** The parent's default payment method (else the newest), or undefined when none is vaulted. */
export async function defaultPaymentMethod(db: Db, customerId: string): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * The payment method a call names: one of the customer's vaulted tokens, used as it is, or a
 * nonce from the browser, vaulted now — the gateway verifies a card and, with `failOnDuplicate`,
 * refuses one the customer already has. `makeDefault`: the new method becomes the one shown and
 * billed by default (the first one always does).
 */
export async function paymentMethodFor(s: PaymentServices, customer: CustomerRow, tokenOrNonce: string, o: { makeDefault: boolean; failOnDuplicate?: boolean }): Promise<PaymentMethodRow> {
  const known = await s.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customer.id)
    .where('gateway_token', '=', tokenOrNonce)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (known) return known;

  const hasDefault = (await defaultPaymentMethod(s.db, customer.id))?.is_default ?? false;
  const makeDefault = o.makeDefault || !hasDefault;
  const vaulted = unwrap(await s.gateway.vaultPaymentMethod({ customerId: customer.gateway_customer_id, nonce: tokenOrNonce, makeDefault, failOnDuplicate: o.failOnDuplicate ?? false }), 'vault');
  const at = s.now();
  return s.db.transaction().execute(async (trx) => {
    if (makeDefault) await trx.updateTable('payment_methods').set({ is_default: false }).where('customer_id', '=', customer.id).where('is_default', '=', true).execute();
    return trx
      .insertInto('payment_methods')
      .values({
        id: newId(),
        customer_id: customer.id,
        gateway_token: vaulted.token,
        payment_type: vaulted.paymentType,
        card_type: vaulted.cardType,
        last4: vaulted.last4,
        expiration_month: vaulted.expirationMonth,
        expiration_year: vaulted.expirationYear,
        paypal_email: vaulted.paypalEmail,
        is_default: makeDefault,
        created_at: at,
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
