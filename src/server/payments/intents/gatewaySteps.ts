/**
 * An intent's charges at the gateway: making them (the request), finding them again
 * (reconciliation) and giving them back (a reversal). Everything is addressed by the intent's
 * id, so each step can be repeated without charging twice.
 */
import type { GatewayFailure, GatewayResult, GatewaySubscription, GatewayTransaction, PaymentGateway } from '../gateway.ts';
import type { Charge, Charged } from './plan.ts';

/** Makes one charge of the intent. A thrown error means the gateway's answer is unknown. */
export async function makeCharge(gateway: PaymentGateway, intentId: string, charge: Charge, now: Date): Promise<GatewayResult<Charged>> {
  if (charge.kind === 'sale') {
    const sale = await gateway.sale({
      paymentMethodToken: charge.paymentMethodToken,
      amountCents: charge.amountCents,
      orderId: intentId,
      now,
    });
    return sale.ok ? { ok: true, value: { subscription: null, sale: sale.value } } : sale;
  }
  const subscription = await gateway.createSubscription({
    id: intentId,
    paymentMethodToken: charge.paymentMethodToken,
    planId: charge.planId,
    priceCents: charge.priceCents,
    trialDurationDays: charge.trialDays,
    billingFrequencyMonths: charge.months,
    now,
  });
  return subscription.ok ? { ok: true, value: { subscription: subscription.value, sale: null } } : subscription;
}

/** What the gateway holds under the intent's id, for the charges its plan names. */
export async function findCharges(gateway: PaymentGateway, intentId: string, charges: readonly Charge[], now: Date): Promise<Charged> {
  const wantsSubscription = charges.some((c) => c.kind === 'subscription');
  const wantsSale = charges.some((c) => c.kind === 'sale');
  const [subscription, sale] = await Promise.all([
    wantsSubscription ? gateway.findSubscription(intentId, now) : null,
    wantsSale ? gateway.findSale(intentId) : null,
  ]);
  return { subscription, sale };
}

const moneyTaken = (t: GatewayTransaction | null | undefined): t is GatewayTransaction => t?.status === 'settled';
const billing = (s: GatewaySubscription | null): s is GatewaySubscription =>
  s !== null && s.status !== 'Canceled' && s.status !== 'Expired';

/** Is the charge the plan asked for there, and in force? */
export function isCharged(charge: Charge, charged: Charged): boolean {
  if (charge.kind === 'sale') return moneyTaken(charged.sale);
  const subscription = charged.subscription;
  // A subscription charged at creation is in force only with that charge kept.
  return billing(subscription) && (charge.trialDays > 0 || charge.priceCents === 0 || moneyTaken(subscription.transaction));
}

/** Does the gateway hold anything of the intent that takes or will take money? */
export function holdsMoney({ subscription, sale }: Charged): boolean {
  // A cancelled subscription may still hold the charge made at its creation.
  const firstCharge = subscription?.transaction;
  return billing(subscription) || moneyTaken(firstCharge) || moneyTaken(sale);
}

/**
 * Gives back everything the intent charged: cancels its subscription (an already cancelled
 * one is fine) and reverses its charges. Throws when the gateway cannot be reached, so that the
 * intent stays open for reconciliation; answers the refusals it could not get past.
 */
export async function reverseCharges(gateway: PaymentGateway, charged: Charged, now: Date): Promise<GatewayFailure[]> {
  const refusals: GatewayFailure[] = [];
  if (billing(charged.subscription)) {
    const cancelled = await gateway.cancelSubscription({ subscriptionId: charged.subscription.id, now });
    if (!cancelled.ok && !isAlreadyCancelled(cancelled.failure)) refusals.push(cancelled.failure);
  }
  for (const transaction of [charged.subscription?.transaction, charged.sale]) {
    if (!moneyTaken(transaction)) continue;
    const reversed = await gateway.reverseSale({ transactionId: transaction.id, now });
    if (!reversed.ok) refusals.push(reversed.failure);
  }
  return refusals;
}

/** Braintree's 81905 (already cancelled), or a subscription that no longer exists. */
export const isAlreadyCancelled = (failure: GatewayFailure) =>
  failure.kind === 'validation' && (failure.code === '81905' || failure.code === 'notFound');
