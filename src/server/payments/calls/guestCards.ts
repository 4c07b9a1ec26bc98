/**
 * The card checks of a payment call made without a session (BulkPurchase): anyone may send a
 * card there, so without them it is a free card-testing service (docs/payments.md, "Card
 * testing"). A call with a session passes untouched (docs/decisions.md says why).
 *
 * The checks stand between the call and the gateway: the call runs as it would, on a gateway
 * that, the first time the call reaches for it with a card or a customer,
 *   1. verifies the 'paymentForm' captcha of the configured provider (400 CAPTCHA_FAILED), then
 *   2. takes a place in the client address's decline budget (429 WP_TooManyDeclines),
 * and that vaults a card in two steps: unverified first, which names the card (its
 * `uniqueNumberIdentifier`); then a place in that card's budget (429 WP_TooManyDeclines, the
 * card never shown to its bank); then the verification. Every refusal the gateway answers
 * (a verification or a charge declined, a nonce refused) keeps the places taken; any other end
 * (bought, a refusal of ours, the gateway not answering) gives them back (declineLimits.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { CallError, ErrorCode, MessageKey } from '../../../contract/index.ts';
import { captchaFailed } from '../../auth/captcha.ts';
import type { AuthUser } from '../../functions.ts';
import type { Admission, Hold } from '../declineLimits.ts';
import type { GatewayResult, PaymentGateway } from '../gateway.ts';
import { PAYMENT_CAPTCHA_ACTIONS, type PaymentServices } from './services.ts';

export interface CardCaller {
  /** The parent of a valid session, or null. */
  user: AuthUser | null;
  ip: string;
  captchaToken: string | undefined;
  log: FastifyBaseLogger;
}

const tooManyDeclines = (retryAfterSeconds: number) =>
  Object.assign(
    new CallError(
      ErrorCode.REQUEST_LIMIT_EXCEEDED,
      'Too many card payments were declined. For your security, please wait before trying again.',
      MessageKey.tooManyDeclines,
    ),
    { retryAfterSeconds },
  );

/** Runs a payment call: as it is with a session; without one, on the checked gateway of the module comment. */
export async function withGuestCardChecks<T>(s: PaymentServices, caller: CardCaller, run: (s: PaymentServices) => Promise<T>): Promise<T> {
  if (caller.user) return run(s);
  const checks = guestCardChecks(s, caller);
  try {
    return await run({ ...s, gateway: checks.gateway });
  } finally {
    await checks.settle();
  }
}

function guestCardChecks(s: PaymentServices, caller: CardCaller) {
  const { log } = caller;
  const inner = s.gateway;
  const holds: Hold[] = [];
  let declined = false;

  const take = (admission: Admission, budget: 'address' | 'card') => {
    if (admission.ok) return void holds.push(admission.hold);
    log.warn({ budget }, 'card attempt refused: too many declines');
    throw tooManyDeclines(admission.retryAfterSeconds);
  };
  let started: Promise<void> | null = null;
  const start = () =>
    (started ??= (async () => {
      const verdict = await s.captcha.verify(caller.captchaToken, PAYMENT_CAPTCHA_ACTIONS, caller.ip);
      if (!verdict.ok) {
        log.warn({ captcha: s.captcha.provider, reason: verdict.reason }, 'payment without a session refused: bot check failed');
        throw captchaFailed();
      }
      take(await s.declineLimits.admitAddress(caller.ip), 'address');
    })());
  const observed = async <R>(result: Promise<GatewayResult<R>>): Promise<GatewayResult<R>> => {
    const answer = await result;
    if (!answer.ok) declined = true;
    return answer;
  };

  const gateway: PaymentGateway = {
    ...inner,
    async createCustomer(o) {
      await start();
      return inner.createCustomer(o);
    },
    async vaultPaymentMethod(o) {
      await start();
      const vaulted = await observed(inner.vaultPaymentMethod({ ...o, verifyCard: false }));
      // PayPal and wallet cards have no verification (Braintree verifies cards only).
      if (!vaulted.ok || vaulted.value.paymentType !== 'card' || o.verifyCard === false) return vaulted;
      if (vaulted.value.uniqueNumberIdentifier !== null)
        take(await s.declineLimits.admitCard(vaulted.value.uniqueNumberIdentifier), 'card');
      const verified = await observed(inner.verifyPaymentMethod({ token: vaulted.value.token }));
      return verified.ok ? vaulted : verified;
    },
    async verifyPaymentMethod(o) {
      await start();
      return observed(inner.verifyPaymentMethod(o));
    },
    async sale(o) {
      await start();
      return observed(inner.sale(o));
    },
    async createSubscription(o) {
      await start();
      return observed(inner.createSubscription(o));
    },
    async updateSubscription(o) {
      await start();
      return observed(inner.updateSubscription(o));
    },
  };

  return {
    gateway,
    /** After the call: the places taken are kept for a decline, else given back. Never throws (the call's answer stands). */
    async settle() {
      if (declined) return;
      for (const hold of holds)
        await s.declineLimits
          .release(hold)
          .catch((error: unknown) => log.warn({ err: error }, 'a decline budget place was not given back'));
    },
  };
}
