/**
 * The payment calls of spec §7 (the payments issue): client token, purchase, upgrade, cancel,
 * card update, class add-ons, live and on-demand classes, bulk purchases — over the payment
 * gateway (src/server/payments/gateway.ts). Our tables (customers, payment_methods,
 * subscriptions, payments) mirror what the gateway did.
 *
 * Every call that can charge is `idempotent` in the contract: the router (functions.ts) runs it
 * once per Idempotency-Key. A parent's payment calls also run one at a time (an account lock),
 * so two tabs cannot buy two plans.
 */
import { findWebOffer } from '../../catalog/repository.ts';
import type { Handlers, PaymentCallName, SessionCallContext } from '../../functions.ts';
import { forbidden } from '../../accounts/users.ts';
import { createClassAddOn } from './addOn.ts';
import { bulkPurchase } from './bulk.ts';
import { cancelSubscription } from './cancel.ts';
import { clientToken } from './clientToken.ts';
import { offerForPurchase, offerUnavailable } from './offers.ts';
import type { PaymentServices } from './services.ts';
import { subscribe, subscriptionAnswer } from './subscribe.ts';
import { upgradeSubscription } from './upgrade.ts';
import { updateCreditCard } from './updateCard.ts';

export type { PaymentServices } from './services.ts';

/** A session call naming a parent: only the caller. */
function own(context: SessionCallContext, id: string | undefined, what: string) {
  if (id !== undefined && id !== context.user.id) throw forbidden(`You can only ${what} your own account.`);
}

export function paymentHandlers(s: PaymentServices): Pick<Handlers, PaymentCallName> {
  return {
    GetClientToken(input, context) {
      return clientToken(s, input, context);
    },

    async PurchaseSubscription(input, context) {
      own(context, input.userId, 'buy a plan for');
      const { offer, coupon } = await offerForPurchase(s.db, input, s.now());
      const subscribed = await subscribe(s, {
        user: context.user,
        offer,
        paymentMethodToken: input.paymentMethodToken,
        customerOptions: input.customerOptions,
        coupon,
        isResubscribe: input.isResubscribe ?? false,
        partner: input.partner,
        utm: input.utmParamsObject,
        log: context.log,
      });
      return subscriptionAnswer(subscribed, offer);
    },

    async SubscribeToMinervaClasses(input, context) {
      const offer = await findWebOffer(s.db, input.webOfferId);
      if (!offer || !offer.is_active || offer.class_type === null) throw offerUnavailable();
      const subscribed = await subscribe(s, {
        user: context.user,
        offer,
        paymentMethodToken: input.paymentMethodToken,
        customerOptions: input.customerOptions,
        coupon: null,
        isResubscribe: false,
        partner: undefined,
        utm: input.utmParamsObject,
        log: context.log,
      });
      return { subscriptionId: subscribed.subscription.id, classType: offer.class_type };
    },

    UpgradeSubscription(input, context) {
      own(context, input.parseUserId, 'change the plan of');
      return upgradeSubscription(s, context.user.id, input.oldSubscriptionId, input.newPlanId, context.log);
    },

    CancelSubscription(input, context) {
      if (input.email.trim().toLowerCase() !== context.user.email) throw forbidden('You can only cancel the plans of your own account.');
      return cancelSubscription(s, context.user.id, input.subscriptionId, input.cancelReason, ['app', 'classes', 'addOn']);
    },

    CancelMinervaClasses(input, context) {
      return cancelSubscription(s, context.user.id, input.subscriptionId, input.cancelReason, ['classes', 'addOn']);
    },

    UpdateCreditCard(input, context) {
      own(context, input.customerId, 'update the card of');
      own(context, input.userId, 'update the card of');
      return updateCreditCard(s, context.user, input.paymentNonce, context.log);
    },

    CreateClassAddOnSubscription(input, context) {
      return createClassAddOn(s, context.user, input.classAddOnId, input.paymentMethodToken);
    },

    BulkPurchase(input, context) {
      return bulkPurchase(s, input, context.user);
    },
  };
}
