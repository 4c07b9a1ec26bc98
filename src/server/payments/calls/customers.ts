/**
 * The parent as a customer of the gateway (`customers`) and their vaulted payment methods
 * (`payment_methods`): our rows mirror the gateway's (gateway_customer_id, gateway_token) and
 * hold only what may be shown — type, brand, last four digits, expiry, PayPal address.
 */
import {
  type CustomerRow,
  clearDefaultPaymentMethod,
  deletePaymentMethodsOf,
  findCustomerOfUser,
  findDefaultPaymentMethod,
  findPaymentMethodByToken,
  insertCustomerIfAbsent,
  insertPaymentMethod,
  moveCustomerToGateway,
  type PaymentMethodRow,
  updateCustomerNames,
} from '../repository.ts';
import { unwrap } from './failures.ts';
import type { PaymentServices } from './services.ts';

export interface CustomerOptions {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

const name = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The parent's customer at the current gateway, created there (and in `customers`) the first
 * time; names sent with a later payment replace the stored ones.
 */
export async function ensureCustomer(
  s: PaymentServices,
  user: { id: string; email: string },
  options: CustomerOptions = {},
): Promise<CustomerRow> {
  const firstName = name(options.firstName);
  const lastName = name(options.lastName);
  const at = s.now();
  const existing = await findCustomerOfUser(s.db, user.id);
  if (existing && existing.gateway === s.gateway.name) {
    if ((firstName === null || firstName === existing.first_name) && (lastName === null || lastName === existing.last_name))
      return existing;
    return updateCustomerNames(
      s.db,
      existing.id,
      { firstName: firstName ?? existing.first_name, lastName: lastName ?? existing.last_name },
      at,
    );
  }

  const email = (options.email ?? user.email).trim().toLowerCase();
  const { customerId } = await s.gateway.createCustomer({ email, firstName, lastName });
  if (existing) {
    // The server moved to another gateway: the parent becomes its customer; the old vault's methods are not usable there.
    return s.db.transaction().execute(async (trx) => {
      await deletePaymentMethodsOf(trx, existing.id, at);
      return moveCustomerToGateway(
        trx,
        existing.id,
        { gateway: s.gateway.name, gatewayCustomerId: customerId, email, firstName, lastName },
        at,
      );
    });
  }
  const inserted = await insertCustomerIfAbsent(s.db, {
    user_id: user.id,
    gateway: s.gateway.name,
    gateway_customer_id: customerId,
    email,
    first_name: firstName,
    last_name: lastName,
    created_at: at,
    updated_at: at,
  });
  // A racing call of the same parent made the row first: theirs is kept (the gateway customer made here stays unused).
  return inserted ?? (await findCustomerOfUser(s.db, user.id))!;
}

/**
 * The payment method a call names: one of the customer's vaulted tokens, used as it is, or a
 * nonce from the browser, vaulted now — the gateway verifies a card and, with `failOnDuplicate`,
 * refuses one the customer already has. `makeDefault`: the new method becomes the one shown and
 * billed by default (the first one always does).
 */
export async function paymentMethodFor(
  s: PaymentServices,
  customer: CustomerRow,
  tokenOrNonce: string,
  o: { makeDefault: boolean; failOnDuplicate?: boolean },
): Promise<PaymentMethodRow> {
  const known = await findPaymentMethodByToken(s.db, customer.id, tokenOrNonce);
  if (known) return known;

  const hasDefault = (await findDefaultPaymentMethod(s.db, customer.id))?.is_default ?? false;
  const makeDefault = o.makeDefault || !hasDefault;
  const vaulted = unwrap(
    await s.gateway.vaultPaymentMethod({
      customerId: customer.gateway_customer_id,
      nonce: tokenOrNonce,
      makeDefault,
      failOnDuplicate: o.failOnDuplicate ?? false,
    }),
    'vault',
  );
  const at = s.now();
  return s.db.transaction().execute(async (trx) => {
    if (makeDefault) await clearDefaultPaymentMethod(trx, customer.id);
    return insertPaymentMethod(trx, {
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
    });
  });
}
