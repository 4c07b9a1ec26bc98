/**
 * The payment calls of spec §7: client token, purchase, upgrade, cancel,
 * card update, class add-ons, live and on-demand classes, bulk purchases — over the payment
 * gateway (src/server/payments/gateway.ts). Our tables (customers, payment_methods,
 * subscriptions, payments) mirror what the gateway did.
 *
 * Every call that can charge is `idempotent` in the contract: the router (functions.ts) runs it
 * once per Idempotency-Key. A parent's payment calls also run one at a time (an account lock),
 * so two tabs cannot buy two plans.
 */
import { findWebOffer } from '../../catalog/repository.ts';
import type { CallContext, Handlers, PaymentCallName } from '../../functions.ts';
import type { IntentKey } from '../intents/repository.ts';
import { createClassAddOn } from './addOn.ts';
import { bulkPurchase } from './bulk.ts';
import { cancelSubscription } from './cancel.ts';
import { clientToken } from './clientToken.ts';
import { offerForPurchase, offerUnavailable } from './offers.ts';
import type { PaymentServices } from './services.ts';
import { subscribe } from './subscribe.ts';
import { upgradeSubscription } from './upgrade.ts';
import { updateCreditCard } from './updateCard.ts';

export type { PaymentServices } from './services.ts';

/** The intent of a call made with an Idempotency-Key answers to that key. */
const intentKey = (context: CallContext): IntentKey | null => (context.idempotency ? { ...context.idempotency, part: '' } : null);

export function paymentHandlers(s: PaymentServices): Pick<Handlers, PaymentCallName> {
  return {
    GetClientToken(input, context) {
      return clientToken(s, input, context);
    },

    async PurchaseSubscription(input, context) {
      const { offer, coupon } = await offerForPurchase(s.db, input, s.now());
      return subscribe(s, {
        call: 'PurchaseSubscription',
        user: context.user,
        offer,
        paymentMethodToken: input.paymentMethodToken,
        customerOptions: input.customerOptions,
        coupon,
        isResubscribe: input.isResubscribe ?? false,
        partner: input.partner,
        utm: input.utmParamsObject,
        key: intentKey(context),
        log: context.log,
      });
    },

    async SubscribeToMinervaClasses(input, context) {
      const offer = await findWebOffer(s.db, input.webOfferId);
      if (!offer || !offer.is_active || offer.class_type === null) throw offerUnavailable();
      return subscribe(s, {
        call: 'SubscribeToMinervaClasses',
        user: context.user,
        offer,
        paymentMethodToken: input.paymentMethodToken,
        customerOptions: input.customerOptions,
        coupon: null,
        isResubscribe: false,
        partner: undefined,
        utm: input.utmParamsObject,
        key: intentKey(context),
        log: context.log,
      });
    },

    UpgradeSubscription(input, context) {
      return upgradeSubscription(s, context.user.id, input.oldSubscriptionId, input.newPlanId, { key: intentKey(context), log: context.log });
    },

    CancelSubscription(input, context) {
      return cancelSubscription(s, context.user.id, input.subscriptionId, input.cancelReason, ['app', 'classes', 'addOn']);
    },

    CancelMinervaClasses(input, context) {
      return cancelSubscription(s, context.user.id, input.subscriptionId, input.cancelReason, ['classes', 'addOn']);
    },

    UpdateCreditCard(input, context) {
      return updateCreditCard(s, context.user, input.paymentNonce, { key: context.idempotency, log: context.log });
    },

    CreateClassAddOnSubscription(input, context) {
      return createClassAddOn(s, context.user, input.classAddOnId, input.paymentMethodToken, { key: intentKey(context), log: context.log });
    },

    BulkPurchase(input, context) {
      return bulkPurchase(s, input, context.user, { key: intentKey(context), log: context.log });
    },
  };
}
