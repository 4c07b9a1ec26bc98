/**
 * The payment calls: client token, purchase, upgrade, cancel,
 * card update, class add-ons, live and on-demand classes, bulk purchases — over the payment
 * gateway (src/server/payments/gateway.ts). Our tables (customers, payment_methods,
 * subscriptions, payments) mirror what the gateway did.
 *
 * Every call that can charge is `idempotent` in the contract: the router (functions.ts) runs it
 * once per Idempotency-Key. A parent's payment calls also run one at a time (an account lock),
 * so two tabs cannot buy two plans. The one that takes a card without a session (BulkPurchase)
 * runs behind the card checks of calls/guestCards.ts. Each call's rules are in its module under calls/.
 */
import { type CallContext, domainHandlers } from '../functions.ts';
import { createClassAddOn } from './calls/addOn.ts';
import { bulkPurchase } from './calls/bulk.ts';
import { cancelSubscription } from './calls/cancel.ts';
import { clientToken } from './calls/clientToken.ts';
import { withGuestCardChecks } from './calls/guestCards.ts';
import { purchaseSubscription, subscribeToClasses } from './calls/subscribe.ts';
import { updateCreditCard } from './calls/updateCard.ts';
import { upgradeSubscription } from './calls/upgrade.ts';
import type { PaymentCaller } from './intents/run.ts';
import { type PaymentServicesByGateway, paymentServicesFor } from './previewPayments.ts';

/** Who pays: the intent of a call made with an Idempotency-Key answers to that key, and records the release of the page. */
const callerOf = (context: CallContext): PaymentCaller => ({
  key: context.idempotency ? { ...context.idempotency, part: '' } : null,
  log: context.log,
  releaseId: context.releaseId,
  previewDraftId: context.previewDraftId,
});

/** `services`: the live gateway's, and the sandbox's for release previews and their test accounts (../previewPayments.ts). */
export function paymentHandlers(services: PaymentServicesByGateway) {
  const pay = (context: CallContext) => paymentServicesFor(services, context, 'pay');
  return domainHandlers({
    GetClientToken: (input, context) => clientToken(paymentServicesFor(services, context, 'read'), input, context),
    PurchaseSubscription: (input, context) => purchaseSubscription(pay(context), input, context.user, callerOf(context)),
    SubscribeToMinervaClasses: (input, context) => subscribeToClasses(pay(context), input, context.user, callerOf(context)),
    UpgradeSubscription: (input, context) => upgradeSubscription(pay(context), context.user.id, input, callerOf(context)),
    CancelSubscription: (input, context) =>
      cancelSubscription(pay(context), context.user.id, input.subscriptionId, input.cancelReason, ['app', 'classes', 'addOn']),
    CancelMinervaClasses: (input, context) =>
      cancelSubscription(pay(context), context.user.id, input.subscriptionId, input.cancelReason, ['classes', 'addOn']),
    UpdateCreditCard: (input, context) =>
      updateCreditCard(pay(context), context.user, input.paymentNonce, { ...callerOf(context), key: context.idempotency }),
    CreateClassAddOnSubscription: (input, context) => createClassAddOn(pay(context), context.user, input, callerOf(context)),
    BulkPurchase: (input, context) =>
      withGuestCardChecks(
        paymentServicesFor(services, context, 'buyCodes'),
        { user: context.user, ip: context.ip, captchaToken: input.captchaToken, log: context.log },
        (s) => bulkPurchase(s, input, context.user, callerOf(context)),
      ),
  });
}
