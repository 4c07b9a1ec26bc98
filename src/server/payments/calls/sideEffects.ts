/**
 * What a new subscription tells others, through the outbox in the transaction that records it:
 * the account status (Active Trialist or Active Subscriber), the CRM's new customer ("CRM
 * customer add") and, when a trial starts, the StartTrial conversion event (subscriptionID,
 * timestamp in seconds, source, campaign). The analytics event 'Checkout Complete' is the browser's.
 */
import type { Transaction } from 'kysely';
import { trackAccountStatus } from '../../accounts/accountStatus.ts';
import type { Database, WebOfferRow } from '../../db/types.ts';
import { enqueue } from '../../outbox/outbox.ts';

export interface NewSubscriptionFacts {
  userId: string;
  email: string;
  subscriptionId: string;
  offer: WebOfferRow;
  fullName: string | null;
  trialDays: number;
  utm: Record<string, string> | null | undefined;
  partner: string | null;
  at: Date;
}

export async function announceSubscription(trx: Transaction<Database>, f: NewSubscriptionFacts): Promise<void> {
  await trackAccountStatus(trx, {
    userId: f.userId,
    email: f.email,
    status: f.trialDays > 0 ? 'Active Trialist' : 'Active Subscriber',
    about: f.subscriptionId,
  });
  await enqueue(trx, {
    type: 'crmAddCustomer',
    payload: {
      userId: f.userId,
      email: f.email,
      productId: f.offer.plan_id,
      productDuration: f.offer.subscription_duration,
      fullName: f.fullName,
      hasClasses: f.offer.has_classes || f.offer.class_type !== null,
      partner: f.partner,
    },
    dedupeKey: `crmAddCustomer:${f.subscriptionId}`,
  });
  if (f.trialDays > 0) {
    await enqueue(trx, {
      type: 'conversionEvent',
      payload: {
        event_name: 'StartTrial',
        subscriptionID: f.subscriptionId,
        timestamp: Math.floor(f.at.getTime() / 1000),
        source: f.utm?.utm_source ?? null,
        campaign: f.utm?.utm_campaign ?? null,
        userId: f.userId,
      },
      dedupeKey: `StartTrial:${f.subscriptionId}`,
    });
  }
}

/** "Ada Lovelace" from the names given, or null. */
export const fullNameOf = (firstName: string | null | undefined, lastName: string | null | undefined) =>
  [firstName, lastName].filter((n) => n && n.trim() !== '').join(' ') || null;
