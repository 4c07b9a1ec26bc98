/** The sandbox's rows as the gateway interface shows them, and its ids. */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SandboxPaymentMethodsTable, SandboxSubscriptionsTable, SandboxTransactionsTable } from '../../db/types.ts';
import type { GatewaySubscription, GatewayTransaction, VaultedPaymentMethod } from '../gateway.ts';

export type SandboxPaymentMethodRow = Selectable<SandboxPaymentMethodsTable>;
export type SandboxSubscriptionRow = Selectable<SandboxSubscriptionsTable>;
export type SandboxTransactionRow = Selectable<SandboxTransactionsTable>;

/** Short lower-case ids like Braintree's (a customer, token, subscription or transaction). */
export function sandboxId(prefix: 'cus' | 'pm' | 'sub' | 'txn'): string {
  return `sbx_${prefix}_${randomBytes(8).toString('hex')}`;
}

export function toVaultedPaymentMethod(row: SandboxPaymentMethodRow): VaultedPaymentMethod {
  return {
    token: row.token,
    paymentType: row.payment_type,
    cardType: row.card_type,
    last4: row.last4,
    expirationMonth: row.expiration_month,
    expirationYear: row.expiration_year,
    paypalEmail: row.paypal_email,
    // Wallet cards keep a fingerprint for the sandbox's duplicate check, but are network tokens: no card number to name.
    uniqueNumberIdentifier: row.payment_type === 'card' ? row.unique_number_identifier : null,
  };
}

export function toGatewayTransaction(row: SandboxTransactionRow): GatewayTransaction {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    status: row.status,
    processorResponseCode: row.processor_response_code,
    processorResponseText: row.processor_response_text,
    createdAt: new Date(row.created_at),
  };
}

export function toGatewaySubscription(row: SandboxSubscriptionRow, transaction: SandboxTransactionRow | null = null): GatewaySubscription {
  return {
    id: row.id,
    status: row.status,
    priceCents: row.price_cents,
    trialDurationDays: row.trial_duration_days,
    firstBillingDate: new Date(row.first_billing_date),
    nextBillingDate: new Date(row.next_billing_date),
    transaction: transaction ? toGatewayTransaction(transaction) : null,
  };
}
