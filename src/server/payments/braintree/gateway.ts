/**
 * The Braintree gateway: the official SDK with the merchant's credentials (BRAINTREE_*).
 *
 * - Payment methods are vaulted with `verifyCard` (a card is checked with the bank first) and
 *   `failOnDuplicatePaymentMethod` (a card already in the vault is refused: 81724). Vaulted
 *   without it, the card answers its `uniqueNumberIdentifier` before the bank is asked;
 *   `verifyPaymentMethod` then verifies it (a nonce of the vaulted card, then a verification).
 * - Subscriptions bill on the Braintree plan named by the offer's planId (its billing frequency
 *   is the plan's, set in the control panel); the price and the trial come from our catalog and
 *   override the plan's.
 * - One-off charges are submitted for settlement at once.
 * - Later charges, past-due and cancellations arrive as webhooks (webhook.ts), parsed here.
 *
 * Refusals come back as values (results.ts `toFailure`); an SDK exception (network,
 * credentials, Braintree down) is thrown, except "not found", which is a refusal.
 */
import type {
  GatewayFailure,
  GatewayResult,
  GatewaySubscription,
  GatewayTransaction,
  PaymentGateway,
  VaultedPaymentMethod,
} from '../gateway.ts';
import { dollars, toFailure, toSubscription, toTransaction, toVaultedPaymentMethod, VOIDABLE } from './results.ts';
import {
  type BraintreeCredentials,
  type BraintreeSdk,
  createSdk,
  isNotFound,
  type SdkResult,
  type SdkSubscription,
  type SdkTransaction,
  type SdkWebhookNotification,
} from './sdk.ts';
import { toGatewayEvent } from './webhookEvents.ts';

export type { BraintreeCredentials } from './sdk.ts';

export interface BraintreeGatewayOptions {
  credentials: BraintreeCredentials;
  /** Tests: a local server answering like Braintree, instead of Braintree. */
  endpoint?: { host: string; port: number };
  now?: () => Date;
}

const fail = <T>(failure: GatewayFailure): GatewayResult<T> => ({ ok: false, failure });
const notFound = (what: string): GatewayFailure => ({ kind: 'validation', code: 'notFound', message: `${what} not found.` });

export function createBraintreeGateway(o: BraintreeGatewayOptions): PaymentGateway & { readonly sdk: BraintreeSdk } {
  const sdk = createSdk(o.credentials, o.endpoint);
  const clock = o.now ?? (() => new Date());

  async function subscriptionCall(id: string, call: () => Promise<SdkResult>, now: Date): Promise<GatewayResult<GatewaySubscription>> {
    let result: SdkResult;
    try {
      result = await call();
    } catch (error) {
      if (isNotFound(error)) return fail(notFound(`Subscription ${id}`));
      throw error;
    }
    if (!result.success || !result.subscription) return fail(toFailure(result));
    return { ok: true, value: toSubscription(result.subscription, now) };
  }

  return {
    name: 'braintree',
    sdk,

    async clientToken({ customerId }) {
      const result = await sdk.clientToken.generate(customerId ? { customerId } : {});
      if (!result.success || !result.clientToken)
        throw new Error(`Braintree refused a client token: ${result.message ?? 'no reason given'}.`);
      return result.clientToken;
    },

    async createCustomer({ email, firstName, lastName }) {
      const result = await sdk.customer.create({ email, ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) });
      if (!result.success || !result.customer)
        throw new Error(`Braintree refused to create a customer: ${result.message ?? 'no reason given'}.`);
      return { customerId: result.customer.id };
    },

    async vaultPaymentMethod({ customerId, nonce, makeDefault, failOnDuplicate, verifyCard = true }) {
      const result = await sdk.paymentMethod.create({
        customerId,
        paymentMethodNonce: nonce,
        options: { verifyCard, failOnDuplicatePaymentMethod: failOnDuplicate, makeDefault },
      });
      if (!result.success) return fail<VaultedPaymentMethod>(toFailure(result));
      const method = toVaultedPaymentMethod(result);
      if (!method)
        return fail<VaultedPaymentMethod>({ kind: 'cardTypeNotAccepted', cardType: result.paymentMethod?.cardType ?? 'Unknown' });
      return { ok: true, value: method };
    },

    async verifyPaymentMethod({ token }) {
      // A verification takes a nonce, not a token: a one-time nonce of the vaulted card stands for it.
      let created: SdkResult;
      try {
        created = await sdk.paymentMethodNonce.create(token);
      } catch (error) {
        if (isNotFound(error)) return fail(notFound(`Payment method ${token}`));
        throw error;
      }
      if (!created.success || !created.paymentMethodNonce) return fail(toFailure(created));
      const verified = await sdk.creditCardVerification.create({ paymentMethodNonce: created.paymentMethodNonce.nonce });
      return verified.success ? { ok: true, value: null } : fail(toFailure(verified));
    },

    async createSubscription({ id, paymentMethodToken, planId, priceCents, trialDurationDays, now }) {
      const result = await sdk.subscription.create({
        id,
        paymentMethodToken,
        planId,
        price: dollars(priceCents),
        // Our catalog's trial, not the plan's: none means none.
        ...(trialDurationDays > 0
          ? { trialPeriod: true, trialDuration: trialDurationDays, trialDurationUnit: 'day' }
          : { trialPeriod: false }),
      });
      if (!result.success || !result.subscription) return fail<GatewaySubscription>(toFailure(result));
      const first = result.subscription.transactions?.[0];
      return { ok: true, value: toSubscription(result.subscription, now, first ? toTransaction(first, now) : null) };
    },

    async updateSubscription({ subscriptionId, planId, priceCents, paymentMethodToken, now }) {
      const changes = {
        ...(planId !== undefined ? { planId } : {}),
        ...(priceCents !== undefined ? { price: dollars(priceCents) } : {}),
        ...(paymentMethodToken !== undefined ? { paymentMethodToken } : {}),
      };
      return subscriptionCall(subscriptionId, () => sdk.subscription.update(subscriptionId, changes), now);
    },

    async cancelSubscription({ subscriptionId, now }) {
      return subscriptionCall(subscriptionId, () => sdk.subscription.cancel(subscriptionId), now);
    },

    async sale({ paymentMethodToken, amountCents, orderId, now }) {
      const result = await sdk.transaction.sale({
        amount: dollars(amountCents),
        paymentMethodToken,
        orderId,
        options: { submitForSettlement: true },
      });
      if (!result.success || !result.transaction) return fail<GatewayTransaction>(toFailure(result));
      return { ok: true, value: toTransaction(result.transaction, now) };
    },

    async findSale(orderId) {
      let latest: SdkTransaction | null = null;
      for await (const transaction of sdk.transaction.search((search) => search.orderId().is(orderId))) {
        if (!latest || (transaction.createdAt ?? '') >= (latest.createdAt ?? '')) latest = transaction;
      }
      return latest ? toTransaction(latest, clock()) : null;
    },

    async findSubscription(id, now) {
      let subscription: SdkSubscription;
      try {
        subscription = await sdk.subscription.find(id);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      // Braintree lists a subscription's charges newest first: the one made at creation is the last.
      const charges = subscription.transactions ?? [];
      const first = subscription.trialPeriod ? undefined : charges[charges.length - 1];
      return toSubscription(subscription, now, first ? toTransaction(first, now) : null);
    },

    async reverseSale({ transactionId, now }) {
      let transaction: SdkTransaction;
      try {
        transaction = await sdk.transaction.find(transactionId);
      } catch (error) {
        if (isNotFound(error)) return fail(notFound(`Transaction ${transactionId}`));
        throw error;
      }
      const current = toTransaction(transaction, now);
      if (current.status === 'voided' || current.status === 'refunded') return { ok: true, value: current };
      if (VOIDABLE.has(transaction.status)) {
        const voided = await sdk.transaction.void(transactionId);
        if (!voided.success || !voided.transaction) return fail(toFailure(voided));
        return { ok: true, value: toTransaction(voided.transaction, now) };
      }
      const refunded = await sdk.transaction.refund(transactionId);
      if (!refunded.success) return fail(toFailure(refunded));
      return { ok: true, value: { ...current, status: 'refunded' } };
    },

    async parseWebhook({ signature, payload }) {
      let notification: SdkWebhookNotification;
      try {
        notification = await sdk.webhookNotification.parse(signature, payload);
      } catch (error) {
        if (error instanceof Error && error.name === 'invalidSignatureError') return null;
        throw error;
      }
      return toGatewayEvent({ ...notification, timestamp: notification.timestamp ?? clock() });
    },
  };
}
