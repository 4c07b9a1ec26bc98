/**
 * The CRM hears where a parent stands — Pretrial after
 * registering, Active Trialist when a subscription starts with a trial, Active Subscriber when
 * one is paid for (at once, or at the first charge after the trial), Active Gifted when a code
 * gives the plan. Written to the outbox (the CRM's track-event) in the transaction of the change.
 */
import type { Db } from '../db/transaction.ts';
import { enqueue } from '../outbox/outbox.ts';

export type AccountStatus = 'Pretrial' | 'Active Trialist' | 'Active Subscriber' | 'Active Gifted';

export const ACCOUNT_STATUS_EVENT = 'accountStatus';

/** `about` names what moved the parent (a subscription, a code): each is told once. */
export async function trackAccountStatus(
  db: Db,
  f: { userId: string; email: string; status: AccountStatus; about: string },
): Promise<void> {
  await enqueue(db, {
    type: 'iterableTrackEvent',
    payload: { email: f.email, eventName: ACCOUNT_STATUS_EVENT, dataFields: { status: f.status, userId: f.userId } },
    dedupeKey: `${ACCOUNT_STATUS_EVENT}:${f.status}:${f.about}`,
  });
}
