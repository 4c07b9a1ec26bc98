/**
 * Cancelling a renewing plan (CancelSubscription, CancelMinervaClasses): the gateway stops
 * billing, and the parent keeps access to the end of what was paid for — the end of the trial,
 * else the next billing date that will now not happen (a past-due plan ends at once). The row
 * keeps canceled_at and cancel_reason; cancelling again answers the same.
 */
import { CallError, ErrorCode } from '../../../contract/index.ts';
import { findOwnSubscription, markSubscriptionCanceled, type SubscriptionRow } from '../../subscriptions/repository.ts';
import { paidThrough } from './records.ts';
import type { PaymentServices } from './services.ts';

export const noSuchSubscription = () => new CallError(ErrorCode.OBJECT_NOT_FOUND, 'No such subscription.');

export interface Cancelled {
  subscriptionId: string;
  status: string;
  accessEndsAt: string | null;
}

const answer = (row: SubscriptionRow): Cancelled => ({
  subscriptionId: row.id,
  status: row.status,
  accessEndsAt: row.term_expires_at ? row.term_expires_at.toISOString() : null,
});

export async function cancelSubscription(
  s: PaymentServices,
  userId: string,
  subscriptionId: string,
  reason: string,
  products: readonly SubscriptionRow['product'][],
): Promise<Cancelled> {
  return s.locks.lockAccount(userId, async () => {
    const row = await findOwnSubscription(s.db, userId, subscriptionId);
    if (!row || !products.includes(row.product)) throw noSuchSubscription();
    if (row.store !== 'WebStore') throw new CallError(ErrorCode.SCRIPT_FAILED, 'This plan was bought in another store: cancel it there.');
    if (row.status === 'Canceled' || row.status === 'Expired') return answer(row);
    if (row.gateway_subscription_id === null)
      throw new CallError(ErrorCode.SCRIPT_FAILED, 'This plan does not renew: there is nothing to cancel.');

    const now = s.now();
    const result = await s.gateway.cancelSubscription({ subscriptionId: row.gateway_subscription_id, now });
    // The gateway's "already canceled" (a cancellation it made itself, not yet seen here) is this cancellation too.
    if (!result.ok && !(result.failure.kind === 'validation' && result.failure.code === '81905')) {
      throw new CallError(
        ErrorCode.SCRIPT_FAILED,
        'Sorry, we could not cancel your plan right now. Please try again or contact customer support.',
      );
    }
    const updated = await markSubscriptionCanceled(s.db, row.id, { reason, termExpiresAt: paidThrough(row, now), now });
    return answer(updated);
  });
}
