/**
 * Braintree's answers in the gateway interface's terms: amounts, dates, transactions,
 * subscriptions, vaulted payment methods, and why something was refused.
 */
import type {
  GatewayFailure,
  GatewaySubscription,
  GatewaySubscriptionStatus,
  GatewayTransaction,
  VaultedPaymentMethod,
} from '../gateway.ts';
import type { SdkPaymentMethod, SdkResult, SdkSubscription, SdkTransaction, SdkVerification } from './sdk.ts';

/** 1999 → "19.99": the SDK takes amounts as decimal strings. */
export function dollars(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`An amount must be whole cents ≥ 0; it is ${cents}.`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "19.99" → 1999, exactly (no floating point). */
export function cents(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`'${amount}' is not an amount in dollars and cents.`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A subscription date ("2025-01-31") or a date-time, as a UTC Date. */
export function gatewayDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const SETTLED = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settlement_pending', 'settlement_confirmed', 'settled']);

function transactionStatus(t: SdkTransaction): GatewayTransaction['status'] {
  if (t.status === 'voided') return 'voided';
  if (SETTLED.has(t.status)) return (t.refundIds ?? []).length > 0 ? 'refunded' : 'settled';
  return t.status === 'processor_declined' ? 'declined' : 'failed';
}

/** Statuses of a charge that can still be voided (not yet settling). */
export const VOIDABLE = new Set(['authorized', 'submitted_for_settlement', 'settlement_pending']);

export function toTransaction(t: SdkTransaction, fallbackTime: Date): GatewayTransaction {
  const status = transactionStatus(t);
  return {
    id: t.id,
    amountCents: cents(t.amount),
    status,
    processorResponseCode: t.processorResponseCode ?? null,
    processorResponseText: t.processorResponseText ?? null,
    createdAt: gatewayDate(t.createdAt) ?? fallbackTime,
  };
}

const STATUSES: Record<string, GatewaySubscriptionStatus> = {
  Active: 'Active',
  'Past Due': 'PastDue',
  Pending: 'Pending',
  Canceled: 'Canceled',
  Expired: 'Expired',
};

export function toSubscription(s: SdkSubscription, now: Date, transaction: GatewayTransaction | null = null): GatewaySubscription {
  const trialDays = s.trialPeriod ? Number(s.trialDuration ?? 0) * (s.trialDurationUnit === 'month' ? 30 : 1) : 0;
  return {
    id: s.id,
    status: STATUSES[s.status] ?? 'Pending',
    priceCents: cents(s.price),
    trialDurationDays: trialDays,
    firstBillingDate: gatewayDate(s.firstBillingDate) ?? now,
    nextBillingDate: gatewayDate(s.nextBillingDate),
    transaction,
  };
}

/** The vaulted method of a paymentMethod.create answer; null for a kind this product does not take (Venmo, bank accounts...). */
export function toVaultedPaymentMethod(result: SdkResult): VaultedPaymentMethod | null {
  const month = (m: SdkPaymentMethod) => (m.expirationMonth ? Number(m.expirationMonth) : null);
  const year = (m: SdkPaymentMethod) => (m.expirationYear ? Number(m.expirationYear) : null);
  if (result.creditCard) {
    const m = result.creditCard;
    return {
      token: m.token,
      paymentType: 'card',
      cardType: m.cardType ?? null,
      last4: m.last4 ?? null,
      expirationMonth: month(m),
      expirationYear: year(m),
      paypalEmail: null,
      uniqueNumberIdentifier: m.uniqueNumberIdentifier ?? null,
    };
  }
  if (result.paypalAccount) {
    const m = result.paypalAccount;
    return {
      token: m.token,
      paymentType: 'PayPal',
      cardType: null,
      last4: null,
      expirationMonth: null,
      expirationYear: null,
      paypalEmail: m.email ?? null,
      uniqueNumberIdentifier: null,
    };
  }
  if (result.applePayCard) {
    const m = result.applePayCard;
    // Apple Pay names its cards "Apple Pay - Visa": the parent sees the network.
    const cardType = m.cardType?.replace(/^Apple Pay - /, '') ?? null;
    return {
      token: m.token,
      paymentType: 'ApplePay',
      cardType,
      last4: m.last4 ?? null,
      expirationMonth: month(m),
      expirationYear: year(m),
      paypalEmail: null,
      uniqueNumberIdentifier: null,
    };
  }
  if (result.androidPayCard) {
    const m = result.androidPayCard;
    // The card behind Google Pay (its source), not the virtual card number.
    return {
      token: m.token,
      paymentType: 'GooglePay',
      cardType: m.sourceCardType ?? m.cardType ?? null,
      last4: m.sourceCardLast4 ?? m.last4 ?? null,
      expirationMonth: month(m),
      expirationYear: year(m),
      paypalEmail: null,
      uniqueNumberIdentifier: null,
    };
  }
  return null;
}

type RejectionReason = Extract<GatewayFailure, { kind: 'gatewayRejected' }>['reason'];
const REJECTION_REASONS: ReadonlySet<string> = new Set(['cvv', 'avs', 'avs_and_cvv', 'duplicate', 'fraud', 'risk_threshold']);
const rejectionReason = (reason: string | null | undefined): RejectionReason =>
  reason && REJECTION_REASONS.has(reason) ? (reason as RejectionReason) : 'other';

function fromOutcome(o: SdkVerification | SdkTransaction): GatewayFailure | null {
  const code = o.processorResponseCode ?? '';
  const text = o.processorResponseText ?? '';
  if (o.status === 'processor_declined') return { kind: 'processorDeclined', code, text };
  if (o.status === 'gateway_rejected') return { kind: 'gatewayRejected', reason: rejectionReason(o.gatewayRejectionReason) };
  if (o.status === 'failed') return { kind: 'failed', code: code || '3000', text };
  return null;
}

/** Braintree's validation error codes that mean something the parent can act on. */
const DUPLICATE = new Set(['81724']); // Duplicate card exists in the vault.
const CARD_TYPE_NOT_ACCEPTED = new Set(['81703', '91517', '91902']); // Credit card type is not accepted by this merchant account.

/** Why a call failed: the verification or transaction that was refused first, else the validation errors. */
export function toFailure(result: SdkResult): GatewayFailure {
  const refused = (result.verification && fromOutcome(result.verification)) ?? (result.transaction && fromOutcome(result.transaction));
  if (refused) return refused;
  const errors = result.errors?.deepErrors() ?? [];
  if (errors.some((e) => DUPLICATE.has(e.code))) return { kind: 'gatewayRejected', reason: 'duplicate' };
  if (errors.some((e) => CARD_TYPE_NOT_ACCEPTED.has(e.code))) return { kind: 'cardTypeNotAccepted', cardType: cardTypeOf(result) };
  const first = errors[0];
  return {
    kind: 'validation',
    code: first?.code ?? 'unknown',
    message: first?.message ?? result.message ?? 'The payment gateway refused the request.',
  };
}

function cardTypeOf(result: SdkResult): string {
  const method = result.creditCard ?? result.paymentMethod;
  return method?.cardType ?? 'Unknown';
}
