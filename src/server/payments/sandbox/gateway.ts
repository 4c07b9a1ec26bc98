/**
 * The sandbox payment gateway: Braintree's sandbox rules on our own tables (migration 008), for
 * development, tests and demos without a Braintree account.
 *
 * - Vaulting a nonce follows its behaviour (testNonces.ts): the sandbox card fields' nonce is
 *   the card the parent typed (brand, last four, expiry), Braintree's test nonces are the cards
 *   Braintree documents. A card is verified (a declined test card answers 2000, the
 *   processor-failure JCB 3000) when vaulted, or by `verifyPaymentMethod` after a vaulting with
 *   `verifyCard: false`; a card the customer already has is refused as a duplicate, a brand the
 *   merchant does not take is refused. A card's `uniqueNumberIdentifier` comes from its number
 *   (testNonces.ts).
 * - A charge is decided by its amount (amounts.ts): 2000.00–2999.99 declined with that code,
 *   3000.00–3000.99 failed, anything else settled at once.
 * - Subscriptions with a trial charge nothing today and first bill after it; without one the
 *   first period is charged at creation (a decline creates no subscription). Later periods are
 *   billed by `runSandboxBilling` (billing.ts): there are no webhooks.
 */
import type { Kysely } from 'kysely';
import { type Db, inTransaction } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import type {
  GatewayFailure,
  GatewayResult,
  GatewaySubscription,
  GatewayTransaction,
  PaymentGateway,
  VaultedPaymentMethod,
} from '../gateway.ts';
import { processorResponseText } from '../processorResponses.ts';
import { chargeOutcome } from './amounts.ts';
import { addDays, addMonths } from './billingDates.ts';
import { encodeSandboxClientToken } from './clientToken.ts';
import {
  type SandboxPaymentMethodRow,
  type SandboxTransactionRow,
  sandboxId,
  toGatewaySubscription,
  toGatewayTransaction,
  toVaultedPaymentMethod,
} from './records.ts';
import * as repository from './repository.ts';
import { ACCEPTED_CARD_TYPES, nonceBehaviour, type VerificationOutcome } from './testNonces.ts';

const fail = <T>(failure: GatewayFailure): GatewayResult<T> => ({ ok: false, failure });
const ok = <T>(value: T): GatewayResult<T> => ({ ok: true, value });

const invalidToken = (code: string): GatewayFailure => ({ kind: 'validation', code, message: 'Payment method token is invalid.' });
const subscriptionNotFound: GatewayFailure = { kind: 'validation', code: 'notFound', message: 'Subscription not found.' };

/**
 * How long a card of Braintree's fixed test nonces stays valid (its expiry year is this many
 * years after vaulting); a typed card keeps its own expiry.
 */
const CARD_VALID_YEARS = 3;

export function createSandboxGateway(o: { db: Kysely<Database>; now?: () => Date }): PaymentGateway {
  const { db } = o;
  const clock = o.now ?? (() => new Date());

  return {
    name: 'sandbox',

    async clientToken({ customerId }) {
      return encodeSandboxClientToken({ customerId: customerId ?? null, issuedAt: clock() });
    },

    async createCustomer({ email, firstName, lastName }) {
      const id = sandboxId('cus');
      await repository.insertCustomer(db, { id, email, firstName, lastName, createdAt: clock() });
      return { customerId: id };
    },

    async vaultPaymentMethod({ customerId, nonce, makeDefault, failOnDuplicate, verifyCard = true }) {
      return inTransaction(db, async (tx) => {
        if (!(await repository.lockCustomer(tx, customerId)))
          return fail<VaultedPaymentMethod>({ kind: 'validation', code: '93105', message: 'Customer ID is invalid.' });
        const behaviour = nonceBehaviour(nonce);
        if (behaviour.kind === 'refused') return fail<VaultedPaymentMethod>(behaviour.failure);

        const existing = await repository.listCustomerFingerprints(tx, customerId);
        const now = clock();
        let row: SandboxPaymentMethodRow;
        if (behaviour.kind === 'card') {
          if (!ACCEPTED_CARD_TYPES.has(behaviour.cardType))
            return fail<VaultedPaymentMethod>({ kind: 'cardTypeNotAccepted', cardType: behaviour.cardType });
          const identifier = behaviour.fingerprint;
          // Wallet cards are network tokens, new each time: only plain cards can be duplicates.
          if (failOnDuplicate && behaviour.paymentType === 'card' && existing.some((m) => m.unique_number_identifier === identifier))
            return fail<VaultedPaymentMethod>({ kind: 'gatewayRejected', reason: 'duplicate' });
          if (verifyCard && behaviour.verification) return fail<VaultedPaymentMethod>(verificationFailure(behaviour.verification));
          row = {
            token: sandboxId('pm'),
            customer_id: customerId,
            nonce,
            payment_type: behaviour.paymentType,
            card_type: behaviour.cardType,
            last4: behaviour.last4,
            expiration_month: behaviour.expiration?.month ?? 12,
            expiration_year: behaviour.expiration?.year ?? now.getUTCFullYear() + CARD_VALID_YEARS,
            paypal_email: null,
            unique_number_identifier: identifier,
            is_default: makeDefault || existing.length === 0,
            created_at: now,
          };
        } else {
          row = {
            token: sandboxId('pm'),
            customer_id: customerId,
            nonce,
            payment_type: 'PayPal',
            card_type: null,
            last4: null,
            expiration_month: null,
            expiration_year: null,
            paypal_email: behaviour.email,
            unique_number_identifier: null,
            is_default: makeDefault || existing.length === 0,
            created_at: now,
          };
        }
        if (row.is_default && existing.length > 0) await repository.clearDefaultPaymentMethod(tx, customerId);
        await repository.insertPaymentMethod(tx, row);
        return ok(toVaultedPaymentMethod(row));
      });
    },

    async verifyPaymentMethod({ token }) {
      const method = await repository.findPaymentMethod(db, token);
      if (!method) return fail<null>(invalidToken('91903'));
      // The card is the nonce it was vaulted from: its verification is the one that nonce names.
      const behaviour = nonceBehaviour(method.nonce);
      if (behaviour.kind === 'card' && behaviour.verification) return fail<null>(verificationFailure(behaviour.verification));
      return ok(null);
    },

    async createSubscription({ id, paymentMethodToken, planId, priceCents, trialDurationDays, billingFrequencyMonths, now }) {
      checkCents(priceCents);
      if (!Number.isInteger(trialDurationDays) || trialDurationDays < 0)
        throw new RangeError(`trialDurationDays must be a whole number ≥ 0; it is ${trialDurationDays}.`);
      if (!Number.isInteger(billingFrequencyMonths) || billingFrequencyMonths < 1)
        throw new RangeError(`billingFrequencyMonths must be a whole number ≥ 1; it is ${billingFrequencyMonths}.`);
      return inTransaction(db, async (tx) => {
        const method = await repository.findPaymentMethod(tx, paymentMethodToken);
        if (!method) return fail<GatewaySubscription>(invalidToken('91903'));
        // Braintree's 81902: a subscription id names one subscription, ever (a retried create cannot make a second).
        if (await repository.subscriptionIdTaken(tx, id))
          return fail<GatewaySubscription>({ kind: 'validation', code: '81902', message: 'ID has already been taken.' });
        const subscription = {
          id,
          payment_method_token: paymentMethodToken,
          plan_id: planId,
          price_cents: priceCents,
          trial_duration_days: trialDurationDays,
          billing_frequency_months: billingFrequencyMonths,
          status: 'Active' as const,
          failed_attempts: 0,
          retry_at: null,
          canceled_at: null,
          created_at: now,
          updated_at: now,
        };
        if (trialDurationDays > 0) {
          const firstBillingDate = addDays(now, trialDurationDays);
          const row = {
            ...subscription,
            first_billing_date: firstBillingDate,
            next_billing_date: firstBillingDate,
            paid_through_date: null,
            billing_cycles_charged: 0,
          };
          await repository.insertSubscription(tx, row);
          return ok(toGatewaySubscription(row));
        }
        // No trial: the first period is charged now, and a refused charge creates no subscription.
        const outcome = chargeOutcome(priceCents);
        if (outcome.status !== 'settled') {
          await recordTransaction(tx, {
            subscriptionId: null,
            token: paymentMethodToken,
            amountCents: priceCents,
            outcome,
            orderId: null,
            at: now,
          });
          return fail<GatewaySubscription>({
            kind: outcome.status === 'declined' ? 'processorDeclined' : 'failed',
            code: outcome.code,
            text: outcome.text,
          });
        }
        const next = addMonths(now, billingFrequencyMonths);
        const row = {
          ...subscription,
          first_billing_date: now,
          next_billing_date: next,
          paid_through_date: next,
          billing_cycles_charged: 1,
        };
        await repository.insertSubscription(tx, row);
        const transaction =
          priceCents > 0
            ? await recordTransaction(tx, {
                subscriptionId: id,
                token: paymentMethodToken,
                amountCents: priceCents,
                outcome,
                orderId: null,
                at: now,
              })
            : null;
        return ok(toGatewaySubscription(row, transaction));
      });
    },

    async updateSubscription({ subscriptionId, planId, priceCents, paymentMethodToken, now }) {
      if (priceCents !== undefined) checkCents(priceCents);
      return inTransaction(db, async (tx) => {
        const current = await repository.findSubscriptionForUpdate(tx, subscriptionId);
        if (!current) return fail<GatewaySubscription>(subscriptionNotFound);
        if (current.status === 'Canceled' || current.status === 'Expired')
          return fail<GatewaySubscription>({ kind: 'validation', code: '81901', message: 'Cannot edit a canceled subscription.' });
        if (paymentMethodToken !== undefined && paymentMethodToken !== current.payment_method_token) {
          const [method, old] = await Promise.all([
            repository.findPaymentMethod(tx, paymentMethodToken),
            repository.findPaymentMethod(tx, current.payment_method_token),
          ]);
          if (!method || method.customer_id !== old?.customer_id) return fail<GatewaySubscription>(invalidToken('91903'));
        }
        const changedMethod = paymentMethodToken !== undefined && paymentMethodToken !== current.payment_method_token;
        const row = await repository.updateSubscription(tx, subscriptionId, {
          ...(planId !== undefined ? { plan_id: planId } : {}),
          ...(priceCents !== undefined ? { price_cents: priceCents } : {}),
          ...(paymentMethodToken !== undefined ? { payment_method_token: paymentMethodToken } : {}),
          // A past-due subscription on a new payment method is tried again at the next billing run.
          ...(changedMethod && current.status === 'PastDue' ? { retry_at: now } : {}),
          updated_at: now,
        });
        return ok(toGatewaySubscription(row));
      });
    },

    async cancelSubscription({ subscriptionId, now }) {
      return inTransaction(db, async (tx) => {
        const current = await repository.findSubscriptionForUpdate(tx, subscriptionId);
        if (!current) return fail<GatewaySubscription>(subscriptionNotFound);
        if (current.status === 'Canceled')
          return fail<GatewaySubscription>({ kind: 'validation', code: '81905', message: 'Subscription has already been canceled.' });
        const row = await repository.updateSubscription(tx, subscriptionId, {
          status: 'Canceled',
          canceled_at: now,
          retry_at: null,
          updated_at: now,
        });
        return ok(toGatewaySubscription(row));
      });
    },

    async sale({ paymentMethodToken, amountCents, orderId, now }) {
      checkCents(amountCents);
      return inTransaction(db, async (tx) => {
        const method = await repository.findPaymentMethod(tx, paymentMethodToken);
        if (!method) return fail<GatewayTransaction>(invalidToken('91518'));
        const outcome = chargeOutcome(amountCents);
        const transaction = await recordTransaction(tx, {
          subscriptionId: null,
          token: paymentMethodToken,
          amountCents,
          outcome,
          orderId,
          at: now,
        });
        if (outcome.status !== 'settled')
          return fail<GatewayTransaction>({
            kind: outcome.status === 'declined' ? 'processorDeclined' : 'failed',
            code: outcome.code,
            text: outcome.text,
          });
        return ok(toGatewayTransaction(transaction));
      });
    },

    async findSale(orderId) {
      const row = await repository.findLatestTransactionForOrder(db, orderId);
      return row ? toGatewayTransaction(row) : null;
    },

    async findSubscription(id) {
      const row = await repository.findSubscription(db, id);
      if (!row) return null;
      // Without a trial the first period was charged when the subscription was made: its earliest charge.
      const first = row.trial_duration_days === 0 ? await repository.findFirstTransactionOfSubscription(db, id) : undefined;
      return toGatewaySubscription(row, first ?? null);
    },

    async reverseSale({ transactionId }) {
      return inTransaction(db, async (tx) => {
        const row = await repository.findTransactionForUpdate(tx, transactionId);
        if (!row) return fail<GatewayTransaction>({ kind: 'validation', code: 'notFound', message: 'Transaction not found.' });
        if (row.status === 'voided' || row.status === 'refunded') return ok(toGatewayTransaction(row));
        if (row.status !== 'settled')
          return fail<GatewayTransaction>({
            kind: 'validation',
            code: '91506',
            message: 'Cannot refund a transaction unless it is settled.',
          });
        // The sandbox settles at once: what Braintree would void before settlement is refunded here.
        const reversed = await repository.markTransactionRefunded(tx, transactionId);
        return ok(toGatewayTransaction(reversed));
      });
    },

    async parseWebhook() {
      return null; // The sandbox sends no webhooks: its billing run applies its events itself.
    },
  };
}

const verificationFailure = ({ kind, code }: VerificationOutcome): GatewayFailure => ({ kind, code, text: processorResponseText(code) });

function checkCents(amount: number) {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`An amount must be whole cents ≥ 0; it is ${amount}.`);
}

/** Writes one charge to the sandbox's ledger. */
export async function recordTransaction(
  db: Db,
  o: {
    subscriptionId: string | null;
    token: string;
    amountCents: number;
    outcome: ReturnType<typeof chargeOutcome>;
    orderId: string | null;
    at: Date;
  },
): Promise<SandboxTransactionRow> {
  const row: SandboxTransactionRow = {
    id: sandboxId('txn'),
    subscription_id: o.subscriptionId,
    payment_method_token: o.token,
    amount_cents: o.amountCents,
    status: o.outcome.status,
    processor_response_code: o.outcome.status === 'settled' ? '1000' : o.outcome.code,
    processor_response_text: o.outcome.status === 'settled' ? 'Approved' : o.outcome.text,
    order_id: o.orderId,
    created_at: o.at,
  };
  await repository.insertTransaction(db, row);
  return row;
}
