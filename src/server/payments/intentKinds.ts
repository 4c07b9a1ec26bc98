/** Every kind of payment intent, with the call that makes it (src/server/payments/intents/). */
import { addOnIntent } from './calls/addOn.ts';
import { bulkIntent } from './calls/bulk.ts';
import { subscriptionIntent } from './calls/subscribe.ts';
import { pastDueIntent } from './calls/updateCard.ts';
import { upgradeIntent } from './calls/upgrade.ts';
import type { IntentKinds } from './intents/kinds.ts';

export const paymentIntentKinds: IntentKinds = {
  purchase: subscriptionIntent,
  addOn: addOnIntent,
  upgrade: upgradeIntent,
  pastDue: pastDueIntent,
  bulk: bulkIntent,
};
