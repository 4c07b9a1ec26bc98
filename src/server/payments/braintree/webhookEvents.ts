/** Braintree webhook notifications as gateway events (the subscription kinds; others are ignored). */
import type { GatewayEvent } from '../gateway.ts';
import { gatewayDate, toTransaction } from './results.ts';
import type { SdkWebhookNotification } from './sdk.ts';

export function toGatewayEvent(notification: SdkWebhookNotification): GatewayEvent {
  const subscription = notification.subscription;
  const subscriptionId = subscription?.id;
  if (!subscription || !subscriptionId) return { kind: 'ignored', notificationKind: notification.kind };
  const at = notification.timestamp ? new Date(notification.timestamp) : new Date();
  // Braintree lists a subscription's transactions newest first: the charge is the first.
  const latest = subscription.transactions?.[0];
  switch (notification.kind) {
    case 'subscription_charged_successfully':
      if (!latest) return { kind: 'ignored', notificationKind: notification.kind };
      return {
        kind: 'subscriptionChargedSuccessfully',
        subscriptionId,
        transaction: toTransaction(latest, at),
        nextBillingDate: gatewayDate(subscription.nextBillingDate),
      };
    case 'subscription_charged_unsuccessfully':
      if (!latest) return { kind: 'subscriptionWentPastDue', subscriptionId };
      return { kind: 'subscriptionChargedUnsuccessfully', subscriptionId, transaction: toTransaction(latest, at) };
    case 'subscription_went_past_due':
      return { kind: 'subscriptionWentPastDue', subscriptionId };
    case 'subscription_went_active':
      return { kind: 'subscriptionWentActive', subscriptionId };
    case 'subscription_canceled':
      return { kind: 'subscriptionCanceled', subscriptionId };
    case 'subscription_expired':
      return { kind: 'subscriptionExpired', subscriptionId };
    case 'subscription_trial_ended':
      return { kind: 'subscriptionTrialEnded', subscriptionId };
    default:
      return { kind: 'ignored', notificationKind: notification.kind };
  }
}
