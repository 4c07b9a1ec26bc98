/**
 * Checkout attempts (src/runtime/checkout.ts): one Idempotency-Key per attempt, the same key
 * for a double click, a retried request or a reload, a new one only after a definitive answer.
 */
import { describe, expect, test } from 'vitest';
import { memoryStorage } from '../../src/browser/storage.ts';
import { CallError } from '../../src/contract/wire.ts';
import type { ActionServices } from '../../src/runtime/actions.ts';
import { chargeServices, createCheckoutAttempts, failureOutcome, PENDING_TTL_MS } from '../../src/runtime/checkout.ts';

const keys = () => {
  let n = 0;
  return () => `k${++n}`;
};

describe('checkout attempts', () => {
  test('one key per attempt: asked twice (a double click) it is the same; after success or a refusal a new one', () => {
    const storage = memoryStorage();
    const attempts = createCheckoutAttempts(storage, 'signupPayment', { newKey: keys() });
    expect(attempts.current()).toBeNull();
    const first = attempts.key();
    expect(attempts.key()).toBe(first);
    attempts.refused();
    const second = attempts.key();
    expect(second).not.toBe(first);
    attempts.succeeded();
    expect(attempts.current()).toBeNull();
    expect(attempts.key()).not.toBe(second);
  });

  test('the attempt lives in the tab: a reload (a new page on the same storage) finds the key and the request sent', () => {
    const storage = memoryStorage();
    const before = createCheckoutAttempts(storage, 'promoPayment', { newKey: keys(), now: () => 1000 });
    const key = before.key();
    before.sending({
      fn: 'PurchaseSubscription',
      input: { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'lifetime' },
      payment: { method: 'card' },
    });
    const after = createCheckoutAttempts(storage, 'promoPayment', { newKey: keys(), now: () => 2000 });
    expect(after.key()).toBe(key);
    expect(after.pending()).toEqual({
      fn: 'PurchaseSubscription',
      input: { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'lifetime' },
      payment: { method: 'card' },
      sentAt: 1000,
    });
    // Another block's attempt is its own.
    expect(createCheckoutAttempts(storage, 'other').current()).toBeNull();
  });

  test('a request without an answer for longer than the TTL is forgotten', () => {
    let t = 0;
    const storage = memoryStorage();
    const attempts = createCheckoutAttempts(storage, 'b', { now: () => t });
    attempts.sending({ fn: 'PurchaseSubscription', input: {}, payment: {} });
    t = PENDING_TTL_MS + 1;
    expect(attempts.pending()).toBeNull();
    expect(attempts.current()).toBeNull();
  });

  test('keys are random and not guessable from the request', () => {
    const a = createCheckoutAttempts(memoryStorage(), 'b').key();
    const b = createCheckoutAttempts(memoryStorage(), 'b').key();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^checkout-[0-9a-f-]{32,}$/);
  });

  test('what a failure says about the charge', () => {
    // The server answered: the charge did not happen, the parent can fix it (a new key next time).
    expect(failureOutcome(new CallError(141, 'Declined', 'WP_CardNotValid', '2001'))).toBe('refused');
    expect(failureOutcome(new CallError(141, 'Exists', 'WP_AlreadyHaveSubscription'))).toBe('refused');
    expect(failureOutcome(new CallError(142, 'Invalid params'))).toBe('refused');
    expect(failureOutcome(new CallError(209, 'Invalid session token'))).toBe('refused');
    // No answer, or one that does not tell: send the same request again under the same key.
    expect(failureOutcome(new CallError(100, 'offline', 'NetworkError'))).toBe('unknown');
    expect(failureOutcome(new CallError(159, 'In progress', 'REQUEST_IN_PROGRESS'))).toBe('unknown');
    expect(failureOutcome(new CallError(1, 'Internal server error.'))).toBe('unknown');
    expect(failureOutcome(new CallError(502, 'Bad Gateway'))).toBe('unknown');
    expect(failureOutcome(new TypeError('x'))).toBe('unknown');
  });
});

describe('chargeServices: the charge calls of a payment block', () => {
  function setup(answers: unknown[]) {
    const sent: { fn: string; input: Record<string, unknown>; key: string | undefined }[] = [];
    const slept: number[] = [];
    const base = {
      facts: (scope: Record<string, unknown>) => ({ scope }),
      call: async (fn: string, input: Record<string, unknown>, key?: string) => {
        sent.push({ fn, input, key });
        const answer = answers.shift();
        if (answer instanceof Error) throw answer;
        return answer;
      },
      sleep: async (ms: number) => {
        slept.push(ms);
        return true;
      },
    } as unknown as ActionServices;
    const attempts = createCheckoutAttempts(memoryStorage(), 'pay', { newKey: () => 'k1' });
    const refused: string[] = [];
    const services = chargeServices(base, {
      attempts,
      payment: { method: 'card' },
      onRefused: (e, request) => refused.push(`${(e as CallError).messageKey}:${String(request.payment.method)}`),
    });
    return { services, sent, slept, attempts, refused };
  }

  test(
    "a keyed call goes under the attempt's key, " + 'asked again while the server says it is still running; success ends the attempt',
    async () => {
      const { services, sent, slept, attempts } = setup([new CallError(159, 'Still running'), { ok: true }]);
      expect(await services.call('PurchaseSubscription', { webOfferId: 'annual' }, 'key-the-actions-made')).toEqual({ ok: true });
      expect(sent.map((s) => s.key)).toEqual(['checkout-k1', 'checkout-k1']);
      expect(slept).toEqual([1000]);
      expect(attempts.current()).toBeNull();
    },
  );

  test('a refusal ends the attempt and is reported with the payment method; a call without a key passes through untouched', async () => {
    const { services, sent, attempts, refused } = setup([new CallError(141, 'Declined', 'WP_CardNotValid', '2000'), { exists: false }]);
    await expect(services.call('PurchaseSubscription', { webOfferId: 'annual' }, 'k')).rejects.toThrow('Declined');
    expect(refused).toEqual(['WP_CardNotValid:card']);
    expect(attempts.current()).toBeNull();
    await services.call('GetUserExistsByUsername', { username: 'a@example.com' });
    expect(sent.at(-1)).toEqual({ fn: 'GetUserExistsByUsername', input: { username: 'a@example.com' }, key: undefined });
  });

  test('an unknown outcome keeps the attempt and its request, to be sent again as it was', async () => {
    const { services, attempts } = setup([new CallError(100, 'offline', 'NetworkError')]);
    await expect(services.call('PurchaseSubscription', { webOfferId: 'annual' }, 'k')).rejects.toThrow('offline');
    expect(attempts.current()).toBe('checkout-k1');
    expect(attempts.pending()).toMatchObject({ fn: 'PurchaseSubscription', input: { webOfferId: 'annual' }, payment: { method: 'card' } });
  });
});
