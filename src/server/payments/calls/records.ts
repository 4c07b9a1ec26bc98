/**
 * What a subscription row says of its periods: a trial still running, until when it is paid,
 * days to a date. The rows themselves are read and written in src/server/subscriptions/repository.ts
 * and src/server/payments/repository.ts.
 */
import { addMonths } from '../../codes/service.ts';
import type { SubscriptionRow } from '../../subscriptions/repository.ts';

export const DAY_MS = 86_400_000;

/** Is the subscription in a trial that has not ended? */
export const inTrial = (s: Pick<SubscriptionRow, 'trial_duration_days' | 'first_billing_date'>, now: Date) =>
  s.trial_duration_days > 0 && s.first_billing_date !== null && s.first_billing_date.getTime() > now.getTime();

/**
 * Until when a renewing subscription is paid for (or its trial runs): the next billing date
 * that has not come yet. A past-due one has missed a payment: what was paid before it (its
 * term_expires_at, events.ts), at most now.
 */
export function paidThrough(s: SubscriptionRow, now: Date): Date {
  if (s.status === 'PastDue') return s.term_expires_at && s.term_expires_at.getTime() > now.getTime() ? s.term_expires_at : now;
  const next = s.next_billing_date ?? s.first_billing_date;
  return next && next.getTime() > now.getTime() ? next : now;
}

/** Whole days from `now` to `until` (rounded up), 0 when it has passed. */
export const daysUntil = (until: Date, now: Date) => Math.max(0, Math.ceil((until.getTime() - now.getTime()) / DAY_MS));

export { addMonths };
