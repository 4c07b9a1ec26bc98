/**
 * Checkout attempts (src/runtime/checkout.ts): one Idempotency-Key per attempt, the same key
 * for a double click, a retried request or a reload, a new one only after a definitive answer.
 */
import { describe, expect, test } from 'vitest';
import { CallError } from '../../src/contract/wire.ts';
import { memoryStorage } from '../../src/runtime/browserStorage.ts';
import { createCheckoutAttempts, failureOutcome, PENDING_TTL_MS } from '../../src/runtime/checkout.ts';

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
    before.sending({ fn: 'PurchaseSubscription', input: { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'lifetime' }, payment: { method: 'card' } });
    const after = createCheckoutAttempts(storage, 'promoPayment', { newKey: keys(), now: () => 2000 });
    expect(after.key()).toBe(key);
    expect(after.pending()).toEqual({ fn: 'PurchaseSubscription', input: { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'lifetime' }, payment: { method: 'card' }, sentAt: 1000 });
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
