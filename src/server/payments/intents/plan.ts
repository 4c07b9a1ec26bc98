/**
 * What a payment intent says it will do at the gateway, and what the gateway did.
 *
 * Each charge is made under the intent's id: it is the order id of the sale and the id of the
 * subscription (Braintree keeps the two apart), so reconciliation can ask the gateway for both,
 * and a second attempt to make either is refused by the gateway instead of charging again.
 */
import type { Selectable } from 'kysely';
import type { CallFailure } from '../../../contract/index.ts';
import type { PaymentIntentsTable } from '../../db/types.ts';
import type { GatewaySubscription, GatewayTransaction } from '../gateway.ts';

/** A renewing plan: with a trial nothing is charged today; without one the first period is. */
export interface SubscriptionCharge {
  kind: 'subscription';
  paymentMethodToken: string;
  planId: string;
  priceCents: number;
  trialDays: number;
  months: number;
}

/** A one-off charge. */
export interface SaleCharge {
  kind: 'sale';
  paymentMethodToken: string;
  amountCents: number;
}

export type Charge = SubscriptionCharge | SaleCharge;

export interface IntentPlan<R = unknown> {
  /** Made in this order; at most one subscription and one sale. */
  charges: Charge[];
  /** A gateway subscription that ends once the charges are made (the plan an upgrade replaces). */
  replaces: string | null;
  /** What the intent's kind needs to record the purchase in our tables (intents/kinds.ts). */
  record: R;
}

/** What the gateway holds for an intent. */
export interface Charged {
  subscription: GatewaySubscription | null;
  sale: GatewayTransaction | null;
}

export const nothingCharged = (): Charged => ({ subscription: null, sale: null });

export type IntentRow = Selectable<PaymentIntentsTable>;

/** An intent with its plan read back. */
export interface Intent<R = unknown> extends Omit<IntentRow, 'plan' | 'failure'> {
  plan: IntentPlan<R>;
  failure: CallFailure | null;
}

/** The release of the page that asked for the intent, as a number (the database reads a bigint as text). */
export const releaseOfIntent = (intent: Pick<IntentRow, 'release_id'>): number | null =>
  intent.release_id === null ? null : Number(intent.release_id);

export function toIntent<R>(row: IntentRow): Intent<R> {
  return { ...row, plan: row.plan as IntentPlan<R>, failure: (row.failure ?? null) as CallFailure | null };
}

/** The gateway's ids of what was charged, as kept with the intent. */
export const outcomeOf = (charged: Charged) => ({
  gatewaySubscriptionId: charged.subscription?.id ?? null,
  gatewayTransactionId: charged.sale?.id ?? charged.subscription?.transaction?.id ?? null,
});
