/**
 * The sandbox's recurring billing: what Braintree does every day for its subscriptions, run on
 * demand for a point in time (`npm run billing -- run --at <time>`, or in-process by tests).
 *
 * Every Active subscription whose next billing date is at or before `at` is charged its price,
 * period after period until it is caught up; each charge is dated on its billing date and
 * decided by its amount (amounts.ts). A refused charge makes the subscription PastDue; it is
 * tried again every RETRY_INTERVAL_DAYS, at most MAX_RETRIES times (a new payment method makes
 * it due again at once). Each charge's events go through `applyGatewayEvent`, the function the
 * Braintree webhook uses, in the same transaction as the sandbox's own records — so a run
 * repeated for the same time charges nothing twice, and two runs at once (two instances on one
 * PostgreSQL) skip each other's subscriptions instead of charging them twice.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { applyGatewayEvent } from '../events.ts';
import type { GatewayEvent, GatewayName, GatewayTransaction, PaymentGateway } from '../gateway.ts';
import { chargeOutcome } from './amounts.ts';
import { addDays, billingDate } from './billingDates.ts';
import { recordTransaction } from './gateway.ts';
import { toGatewayTransaction } from './records.ts';
import { findSubscriptionForUpdateSkipLocked, listDueSubscriptionIds, updateSubscription } from './repository.ts';

export const RETRY_INTERVAL_DAYS = 10;
export const MAX_RETRIES = 3;

export class BillingError extends Error {
  override name = 'BillingError';
}

export interface BillingCharge {
  /** The sandbox's subscription id (our subscriptions' gateway_subscription_id). */
  gatewaySubscriptionId: string;
  /** Our subscription, when the sandbox's is one of ours. */
  subscriptionId: string | null;
  transactionId: string;
  amountCents: number;
  status: GatewayTransaction['status'];
  processorResponseCode: string;
  processorResponseText: string;
  /** When the charge was made: its billing (or retry) date. */
  chargedAt: string;
}

export interface BillingSummary {
  at: string;
  charges: BillingCharge[];
  settled: { count: number; amountCents: number };
  declined: { count: number; codes: { code: string; text: string; count: number }[] };
  failed: { count: number; codes: { code: string; text: string; count: number }[] };
}

export async function runSandboxBilling(o: {
  db: Kysely<Database>;
  at: Date;
  gateway?: PaymentGateway | GatewayName;
}): Promise<BillingSummary> {
  const gatewayName = typeof o.gateway === 'string' ? o.gateway : o.gateway?.name;
  if (gatewayName && gatewayName !== 'sandbox')
    throw new BillingError(
      "This server charges through Braintree: Braintree bills subscriptions itself; the billing run is the sandbox gateway's.",
    );
  if (Number.isNaN(o.at.getTime())) throw new BillingError('The billing time is not a valid date.');
  const { db, at } = o;

  const due = await listDueSubscriptionIds(db, at);

  const charges: BillingCharge[] = [];
  for (const id of due) {
    for (;;) {
      const charge = await chargeOnce(db, id, at);
      if (!charge) break;
      charges.push(charge);
    }
  }
  return summarize(at, charges);
}

/** Charges the subscription once if it is due at `at`; null when it is not (or another run holds it). */
async function chargeOnce(db: Kysely<Database>, id: string, at: Date): Promise<BillingCharge | null> {
  return db.transaction().execute(async (tx) => {
    const sub = await findSubscriptionForUpdateSkipLocked(tx, id);
    if (!sub) return null;
    const nextBilling = new Date(sub.next_billing_date);
    let chargedAt: Date;
    if (sub.status === 'Active' && nextBilling <= at) chargedAt = nextBilling;
    else if (sub.status === 'PastDue' && sub.retry_at && new Date(sub.retry_at) <= at) chargedAt = new Date(sub.retry_at);
    else return null;

    const outcome = chargeOutcome(sub.price_cents);
    const transaction = await recordTransaction(tx, {
      subscriptionId: sub.id,
      token: sub.payment_method_token,
      amountCents: sub.price_cents,
      outcome,
      orderId: null,
      at: chargedAt,
    });
    const events: GatewayEvent[] = [];
    if (outcome.status === 'settled') {
      const cycles = sub.billing_cycles_charged + 1;
      const next = billingDate(new Date(sub.first_billing_date), sub.billing_frequency_months, cycles);
      await updateSubscription(tx, sub.id, {
        status: 'Active',
        billing_cycles_charged: cycles,
        next_billing_date: next,
        paid_through_date: next,
        failed_attempts: 0,
        retry_at: null,
        updated_at: chargedAt,
      });
      if (sub.status === 'PastDue') events.push({ kind: 'subscriptionWentActive', subscriptionId: sub.id });
      events.push({
        kind: 'subscriptionChargedSuccessfully',
        subscriptionId: sub.id,
        transaction: toGatewayTransaction(transaction),
        nextBillingDate: next,
      });
    } else {
      const failedAttempts = sub.failed_attempts + 1;
      // The first refusal and MAX_RETRIES retries; then it waits for a new payment method.
      const retryAt = failedAttempts <= MAX_RETRIES ? addDays(chargedAt, RETRY_INTERVAL_DAYS) : null;
      await updateSubscription(tx, sub.id, {
        status: 'PastDue',
        failed_attempts: failedAttempts,
        retry_at: retryAt,
        updated_at: chargedAt,
      });
      events.push({ kind: 'subscriptionChargedUnsuccessfully', subscriptionId: sub.id, transaction: toGatewayTransaction(transaction) });
      if (sub.status !== 'PastDue') events.push({ kind: 'subscriptionWentPastDue', subscriptionId: sub.id });
    }

    let subscriptionId: string | null = null;
    for (const event of events) subscriptionId = (await applyGatewayEvent(tx, event, chargedAt)).subscriptionId ?? subscriptionId;
    return {
      gatewaySubscriptionId: sub.id,
      subscriptionId,
      transactionId: transaction.id,
      amountCents: transaction.amount_cents,
      status: transaction.status,
      processorResponseCode: transaction.processor_response_code ?? '',
      processorResponseText: transaction.processor_response_text ?? '',
      chargedAt: chargedAt.toISOString(),
    };
  });
}

function summarize(at: Date, charges: BillingCharge[]): BillingSummary {
  const codes = (status: BillingCharge['status']) => {
    const byCode = new Map<string, { code: string; text: string; count: number }>();
    for (const c of charges.filter((c) => c.status === status)) {
      const entry = byCode.get(c.processorResponseCode) ?? { code: c.processorResponseCode, text: c.processorResponseText, count: 0 };
      entry.count += 1;
      byCode.set(c.processorResponseCode, entry);
    }
    return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
  };
  const settled = charges.filter((c) => c.status === 'settled');
  return {
    at: at.toISOString(),
    charges,
    settled: { count: settled.length, amountCents: settled.reduce((sum, c) => sum + c.amountCents, 0) },
    declined: { count: charges.filter((c) => c.status === 'declined').length, codes: codes('declined') },
    failed: { count: charges.filter((c) => c.status === 'failed').length, codes: codes('failed') },
  };
}

const money = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
const listCodes = (codes: BillingSummary['declined']['codes']) =>
  codes.length === 0 ? '' : ` (${codes.map((c) => `${c.code} ${c.text}${c.count > 1 ? ` ×${c.count}` : ''}`).join(', ')})`;

/** One line for the operator: "Billing at …: charged 2 ($89.98), declined 1 (2001 Insufficient Funds), failed 0." */
export function describeBilling(summary: BillingSummary): string {
  return (
    `Billing at ${summary.at}: charged ${summary.settled.count} (${money(summary.settled.amountCents)}), ` +
    `declined ${summary.declined.count}${listCodes(summary.declined.codes)}, ` +
    `failed ${summary.failed.count}${listCodes(summary.failed.codes)}.`
  );
}
