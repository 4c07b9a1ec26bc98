/**
 * What `npm run check` says of a payment block: its copy group, the `payment.*` values and facts
 * known only in its actions (its definition's `scopedValues`), and the charge-call rule.
 */

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { paymentFormCopyTexts } from '../../../../src/blocks/paymentForm/schema.ts';
import { blocks } from '../../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../../src/compiler/compile.ts';
import { formatReport } from '../../../../src/compiler/report.ts';
import { fixtureRuntimeTexts, fixturesDir } from '../../checker/helpers.ts';

/** The checker's base fixture plus a payment funnel and its copy, checked in a temporary folder. */
function checkPaymentProject(funnel: string, copy: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'payment-config-'));
  try {
    cpSync(path.join(fixturesDir, '_base'), dir, { recursive: true, filter: (src) => !src.endsWith('README.md') });
    mkdirSync(path.join(dir, 'copy/en'), { recursive: true });
    writeFileSync(path.join(dir, 'funnels/pay.yaml'), funnel);
    writeFileSync(path.join(dir, 'copy/en/pay.yaml'), copy);
    const result = checkAndCompile({ root: dir, funnelsDir: 'funnels', copyDir: 'copy', blocks, runtimeTexts: fixtureRuntimeTexts });
    return formatReport(result.diagnostics, result.files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fullGroup = (name: string, except: string[] = []) =>
  `${name}:\n` +
  Object.keys(paymentFormCopyTexts)
    .filter((k) => !except.includes(k) && !k.startsWith('sandbox.'))
    .map((k) => `  ${k}: Text of ${k}\n`)
    .join('') +
  (except.includes('sandbox.pay')
    ? ''
    : '  sandbox:\n' +
      Object.keys(paymentFormCopyTexts)
        .filter((k) => k.startsWith('sandbox.'))
        .map((k) => `    ${k.slice(8)}: Text of ${k}\n`)
        .join(''));

const screen = (block: string) => `version: 1
funnel: pay
screens:
  - id: pay
    path: /pay
    blocks:
      - type: heading
        text: pay:heading
${block}`;

const copy = (extra = '') => `heading: Pay
declines:
  "2001": Insufficient funds.
fallback: Declined.
${fullGroup('checkout')}${extra}`;

describe('npm run check on payment blocks', () => {
  test('a complete payment form is valid (its copy group counts as used)', () => {
    const report = checkPaymentProject(
      screen(`      - type: paymentForm
        copy: pay:checkout
        expirationFormat: MM/YYYY
        offer: [{ query: offer }, { state: initialSelectedOfferId }]
        onOffer:
          - do: track
            event: 'Memberships v2.1 Page: Checkout'
            props: { productId: { payment: offer.planId } }
        onPay:
          - do: call
            fn: PurchaseSubscription
            idempotent: true
            input:
              paymentMethodToken: { payment: nonce }
              webOfferId: { payment: offerId }
              expectedTodayCharge: { payment: todayCharge }
              customerOptions: { payment: customerOptions }
            catch:
              - do: notify
                when: { fact: error.messageKey, equals: WP_CardNotValid }
                textFrom: { group: pay:declines, key: { error: processorCode } }
                text: pay:fallback
              - do: notify
                when: { fact: payment.method, equals: paypal }
                text: pay:fallback
`),
      copy(),
    );
    expect(report).toBe('All 8 config files are valid.\n');
  });

  test('a copy group without a text the form reads, and a group that does not exist', () => {
    const report = checkPaymentProject(
      screen(`      - type: paymentForm
        copy: pay:checkout
        expirationFormat: MM/YY
        onPay: []
      - type: paymentForm
        copy: pay:chekout
        expirationFormat: MM/YY
        onPay: []
`),
      `heading: Pay\n${fullGroup('checkout', ['submit', 'verifyCard'])}`,
    );
    expect(report).toContain(
      "funnels/pay.yaml:10:15: error: The copy group 'pay:checkout' lacks texts this block reads: " +
        "'submit' and 'verifyCard'. Add them under 'checkout:' in copy/en/pay.yaml.",
    );
    expect(report).toContain(
      "funnels/pay.yaml:14:15: error: Unknown copy group 'pay:chekout': " +
        "it has no texts under 'chekout' in copy/en/pay.yaml. Did you mean 'pay:checkout'?",
    );
  });

  test('payment values: known names only, and only inside a payment block', () => {
    const report = checkPaymentProject(
      screen(`      - type: paymentForm
        copy: pay:checkout
        expirationFormat: MM/YYYY
        onPay:
          - do: set
            storage: paymentMethod
            value: { payment: nonse }
      - type: button
        label: pay:heading
        actions:
          - do: set
            storage: paymentMethod
            value: { payment: method }
          - do: go
            when: { fact: payment.method, equals: card }
            to: /
`),
      copy(),
    );
    expect(report).toContain(
      "funnels/pay.yaml:15:31: error: Unknown payment field 'nonse'. A payment has: nonce, method, cardType, " +
        'lastFour, deviceData, firstName, lastName, email, customerOptions, offer, offerId, amount, todayCharge, quantity. ' +
        "Did you mean 'nonce'?",
    );
    expect(report).toContain(
      'funnels/pay.yaml:21:31: error: { payment: method } is only known in the actions of a payment block (its onOffer: and onPay:).',
    );
    expect(report).toContain(
      "funnels/pay.yaml:23:27: error: 'payment.method' is only known in the actions of a payment block (its onOffer: and onPay:).",
    );
  });

  test('a call that creates a charge needs idempotent: true; textFrom needs a text to fall back on', () => {
    const report = checkPaymentProject(
      screen(`      - type: paymentForm
        copy: pay:checkout
        expirationFormat: MM/YYYY
        onPay:
          - do: call
            fn: SubscribeToMinervaClasses
            input: { paymentMethodToken: { payment: nonce } }
            catch:
              - do: notify
                message: { error: message }
                textFrom: { group: pay:declines, key: { error: processorCode } }
`),
      copy(),
    );
    expect(report).toContain(
      "funnels/pay.yaml:14:17: error: 'SubscribeToMinervaClasses' creates a charge: add 'idempotent: true' " +
        'so that a double click, a retry or a reload never charges twice (the server refuses it without a key).',
    );
    expect(report).toContain("error: 'textFrom:' needs 'text:' too: the text shown when the group has no text for the key.");
  });
});
