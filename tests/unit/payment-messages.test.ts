/**
 * Payment messages: which message each provider failure shows
 * (src/adapters/payment/messages.ts) and the exact wording of every payment message in the
 * real copy (copy/en/payment.yaml), read through i18next as the browser reads it.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadingMessage, paymentMessageNames, providerMessage, splitName } from '../../src/adapters/payment/messages.ts';
import { paymentFormCopyTexts } from '../../src/blocks/paymentForm/schema.ts';
import { blocks } from '../../src/blocks/registry.ts';
import { checkAndCompile } from '../../src/compiler/compile.ts';
import { createCopy } from '../../src/runtime/copy.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { compiled, diagnostics } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
if (!compiled) throw new Error(diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n'));
const t = createCopy('en', compiled.copy.en!, async () => ({})).t.get();

describe('which message a provider failure shows', () => {
  test.each([
    ['HOSTED_FIELDS_FIELDS_EMPTY', 'fillOutForm'],
    ['HOSTED_FIELDS_FIELDS_INVALID', 'verifyCard'],
    ['HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED', 'verifyCard'],
    ['HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE', 'duplicate'],
    ['PAYPAL_POPUP_CLOSED', 'paypalClosed'],
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED', 'paypalClosed'],
    ['HOSTED_FIELDS_FAILED_TOKENIZATION', 'failed'],
    ['HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', 'failed'],
    ['CLIENT_GATEWAY_NETWORK', 'failed'],
    ['GOOGLE_PAYMENT_CANCELED', 'googlePayCanceled'],
    ['GOOGLE_PAYMENT_GATEWAY_ERROR', 'googlePayFailed'],
    ['APPLE_PAY_PAYMENT_FAILED', 'applePayFailed'],
    ['APPLE_PAY_TOKENIZATION', 'applePayFailed'],
    ['APPLE_PAY_MERCHANT_VALIDATION_FAILED', 'applePayIssue'],
    ['APPLE_PAY_CANCELED', null],
  ])('%s → %s', (code, message) => {
    expect(providerMessage(code)).toBe(message);
  });

  test("Google's own codes from the Google Pay sheet are Google Pay's failure, not the generic one", () => {
    expect(providerMessage('DEVELOPER_ERROR', 'googlePay')).toBe('googlePayFailed');
    expect(providerMessage('BUYER_ACCOUNT_ERROR', 'googlePay')).toBe('googlePayFailed');
    expect(providerMessage('DEVELOPER_ERROR', 'card')).toBe('failed');
    expect(providerMessage('GOOGLE_PAYMENT_CANCELED', 'googlePay')).toBe('googlePayCanceled');
  });

  test('loading failures name the part that did not load', () => {
    expect(loadingMessage('card')).toBe('loadCard');
    expect(loadingMessage('paypal')).toBe('loadPayPal');
    expect(loadingMessage('applePay')).toBe('loadApplePay');
    expect(loadingMessage('googlePay')).toBe('loadGooglePay');
  });

  test("the payer's name is split at spaces: the first word, and the rest", () => {
    expect(splitName('  Ada   Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('Mary Ann van Dyke')).toEqual({ firstName: 'Mary', lastName: 'Ann van Dyke' });
    expect(splitName('Prince')).toEqual({ firstName: 'Prince', lastName: '' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
  });
});

describe('the wording of copy/en/payment.yaml, exactly', () => {
  const checkout = (k: string) => t(`payment:checkout.${k}`);
  test('payment provider, app checkout', () => {
    expect(checkout('fillOutForm')).toBe('Please fill out the form.');
    expect(checkout('verifyCard')).toBe('Please verify the credit card you entered is correct.');
    expect(checkout('duplicate')).toBe('This payment method already exists.');
    expect(checkout('paypalClosed')).toBe('Payment could not be completed since PayPal window closed.');
    expect(checkout('failed')).toBe('An error seems to have occurred during payment processing. Please try again');
    expect(checkout('googlePayCanceled')).toBe('Unable to complete purchase because Google Pay was cancelled');
    expect(checkout('googlePayFailed')).toBe('Sorry Google Pay is unable to process payment at this time');
    expect(checkout('applePayFailed')).toBe('There was an error processing your payment');
    expect(checkout('applePayIssue')).toBe('Sorry there seems to be an issue with Apple Pay.');
    expect(checkout('nameRequired')).toBe('Please fill out your name');
    expect(checkout('selectPlan')).toBe('Please select a plan before proceeding');
  });

  test('the app checkout form', () => {
    expect(checkout('cardTab')).toBe('Pay by Credit Card');
    expect(checkout('otherTab')).toBe('Other Payment Options');
    expect(checkout('nameOnCard')).toBe('Name on Card');
    expect(checkout('submit')).toBe('Join Now');
    expect(checkout('formatLong')).toBe('MM/YYYY');
    expect(checkout('processing')).toBe(
      'Your order is processing. Please do not refresh the page or attempt multiple clicks in order to avoid multiple charges.',
    );
    expect(checkout('secure')).toBe('Secure payment processed by a card payment provider.');
  });

  test('class funnels (the class wording)', () => {
    for (const group of ['liveClasses', 'addClasses']) {
      expect(t(`payment:${group}.cardTab`)).toBe('STANDARD CHECKOUT');
      expect(t(`payment:${group}.submit`)).toBe('Save Payment');
      expect(t(`payment:${group}.formatShort`)).toBe('MM/YY');
      expect(t(`payment:${group}.verifyCard`)).toBe(
        'Invalid card information. Please correct the error - if the decline persists, please contact your bank.',
      );
      expect(t(`payment:${group}.fillOutForm`)).toBe('Please fill out the form.');
    }
    expect(t('payment:addClasses.loadCard')).toBe(
      'Hmm. There seems to be a problem with loading the payment screen. Please refresh the page and try again.',
    );
    expect(t('payment:addClasses.loadPayPal')).toBe(
      'Hmm. There seems to be a problem with loading PayPal. Please refresh the page and try again.',
    );
    expect(t('payment:addClasses.secure')).toBe('Secure payment processed by a card payment provider');
    expect(t('payment:subscribe.alreadySubscribedClasses', { email: 'classes@codeling.example' })).toMatch(/^You're already subscribed\. /);
  });

  test('subscribe and account messages', () => {
    expect(`${t('payment:subscribe.alreadyHaveSubscription')} ${t('payment:subscribe.viewSubscription')}`).toBe(
      'It seems you already have a subscription. Click here to view it.',
    );
    expect(t('payment:subscribe.cardNotValid')).toBe('Sorry, there was a problem processing your payment. Please try again later');
    expect(t('payment:subscribe.paymentInvalid')).toBe(
      'Unfortunately, this type of card is not accepted at this time. Please try another card.',
    );
    expect(t('payment:subscribe.default')).toBe(
      'Sorry, we are unable to process your payment at this time. Please contact customer support for assistance.',
    );
    expect(t('payment:subscribe.updateFailed', { message: 'Card expired' })).toBe('There was an error updating your payment: Card expired');
    expect(t('payment:subscribe.updateProblem')).toBe('Sorry, there has been a problem updating your payment');
    expect(t('payment:account.cardTab')).toBe('Enter new credit card info');
    expect(t('payment:account.otherTab')).toBe('Other Payment Options');
  });

  test('every payment copy group has every text the form reads, none left as a bare key', () => {
    expect(Object.keys(paymentFormCopyTexts)).toEqual(expect.arrayContaining([...paymentMessageNames]));
    for (const group of ['checkout', 'liveClasses', 'addClasses', 'account'])
      for (const key of Object.keys(paymentFormCopyTexts)) {
        const text = t(`payment:${group}.${key}`, { label: 'Codeling', amount: '1.00' });
        expect(text, `payment:${group}.${key}`).not.toBe(`${group}.${key}`);
        expect(text.trim(), `payment:${group}.${key}`).not.toBe('');
        expect(text, `payment:${group}.${key}`).not.toContain('$t(');
      }
  });
});

describe('the decline-code table (WP_CardNotValid with a processor code)', () => {
  const rows = readFileSync(path.join(root, 'tests/fixtures/braintree-data/braintree-processor-responses.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t') as [string, string, string, string]);

  test('one text per code of the table: 2000–2099 as published, and 3000', () => {
    const keys = Object.keys(compiled.copy.en!.payment!)
      .filter((k) => k.startsWith('declines.'))
      .map((k) => k.slice('declines.'.length));
    expect(keys.sort()).toEqual(rows.map((r) => r[0]).sort());
    expect(keys).toHaveLength(98);
  });

  test("each text is the hint's quoted sentence, word for word, where it has one", () => {
    for (const [code, , , hint] of rows) {
      const quoted = /(?:^|[\s:])'(.+?)'(?=\s|$)/.exec(hint)?.[1];
      const text = t(`payment:declines.${code}`);
      if (quoted) expect(text, code).toBe(quoted);
      else
        expect(text, code).toMatch(
          new RegExp(
            `^(${[
              /Your card was declined\. Please use a different payment method\./,
              /We couldn't process your payment; please try again later or use another method\./,
              /Your PayPal authorization is no longer valid\. .+/,
              /We couldn't verify this payment method\. .+/,
            ]
              .map((alternative) => alternative.source)
              .join('|')})$`,
          ),
        );
    }
    expect(t('payment:declines.2001')).toBe('Your card was declined (insufficient funds).');
    expect(t('payment:declines.2000')).toBe('Your card was declined. Please try another card or contact your bank.');
    expect(t('payment:declines.2004')).toBe('This card has expired or been replaced.');
    expect(t('payment:declines.3000')).toBe("We couldn't process your payment right now. Please try again in a few minutes.");
  });

  test("lost, stolen or fraud declines show only a generic decline (the bank's reason is not revealed)", () => {
    for (const [code, reason] of rows)
      if (/lost|stolen|fraud|pick up|security violation|do not retry/i.test(reason))
        expect(t(`payment:declines.${code}`), code).toBe('Your card was declined. Please use a different payment method.');
  });
});
