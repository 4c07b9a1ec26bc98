/**
 * A gift bought without a session refused with 429 WP_TooManyDeclines (docs/payments.md "Card
 * testing"): the payment form shows the copy's message and ends the attempt — unlike another 429,
 * which says nothing of the charge and is sent again as it was (src/runtime/checkout.ts).
 */

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { blocks } from '../../../src/blocks/registry.ts';
import { memoryStorage } from '../../../src/browser/storage.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { CallError } from '../../../src/contract/wire.ts';
import type { Action } from '../../../src/language/schema/actions.ts';
import { runActions } from '../../../src/runtime/actions.ts';
import { chargeServices, createCheckoutAttempts, failureOutcome } from '../../../src/runtime/checkout.ts';
import { fakeServices } from './fixtures.ts';

const root = new URL('../../../', import.meta.url).pathname;
const { compiled, diagnostics } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
if (!compiled) throw new Error(diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n'));

/** The gift screen's payment form: its `onPay:` as the build made it. */
function giftOnPay(): Action[] {
  const block = compiled!.screens.gift!.blocks.find((b) => b.type === 'paymentForm') as { onPay?: Action[] } | undefined;
  if (!block?.onPay) throw new Error('no payment form on /gift');
  return block.onPay;
}
const tooManyDeclines = () =>
  new CallError(155, 'Too many card payments were declined. For your security, please wait before trying again.', 'WP_TooManyDeclines');

describe('429 WP_TooManyDeclines in the payment form', () => {
  test('it is a refusal, not an unknown outcome; a 429 without that key is still sent again', () => {
    expect(failureOutcome(tooManyDeclines())).toBe('refused');
    expect(failureOutcome(new CallError(155, 'Too many attempts.', 'RATE_LIMITED'))).toBe('unknown');
  });

  test("the gift's purchase shows the copy's message for 10 s and ends the attempt: the next try is new, under a new key", async () => {
    const onPay = giftOnPay();
    const purchase = onPay.find((a) => a.do === 'call' && a.fn === 'BulkPurchase') as Extract<Action, { do: 'call' }>;
    // The purchase asks for a fresh bot-check token, which the server needs when there is no session.
    expect(purchase.input).toMatchObject({ captchaToken: { captcha: 'paymentForm' } });
    expect(purchase.outcomes?.WP_TooManyDeclines).toEqual({ text: 'payment:subscribe.tooManyDeclines', ms: 10000, level: 'error' });

    const { services, log } = fakeServices({ answers: { BulkPurchase: tooManyDeclines() } });
    const storage = memoryStorage();
    let keys = 0;
    const attempts = createCheckoutAttempts(storage, 'giftPayment', { newKey: () => `k${++keys}` });
    const payment = { method: 'card', nonce: 'sandbox-card-visa-1115-12-2030-declined-3c', offerId: 'gift_12_months' };
    await runActions(onPay, chargeServices(services, { attempts, payment }), { payment });

    expect(log.notes).toMatchObject([{ text: 'payment:subscribe.tooManyDeclines', level: 'error', ms: 10000 }]);
    expect(log.navigations).toEqual([]);
    expect(log.calls).toMatchObject([
      { fn: 'BulkPurchase', input: { captchaToken: 'local-captcha:paymentForm' }, idempotencyKey: 'checkout-k1' },
    ]);
    // Nothing is left to send again: the parent's next try is theirs, under a new key.
    expect(attempts.pending()).toBeNull();
    expect(attempts.current()).toBeNull();
    expect(attempts.key()).toBe('checkout-k2');
  });

  test('what the parent reads, in English and in Spanish', () => {
    const text = (locale: string) => parse(readFileSync(`${root}copy/${locale}/payment.yaml`, 'utf8')).subscribe.tooManyDeclines;
    expect(text('en')).toBe(
      'Too many card payments were declined. For your security, please wait a while before trying again, or contact customer support.',
    );
    expect(text('es')).toBe(
      'Se rechazaron demasiados pagos con tarjeta. Por tu seguridad, espera un rato antes de volver a intentarlo ' +
        'o contacta con atención al cliente.',
    );
  });
});
