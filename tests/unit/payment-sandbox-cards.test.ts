/**
 * The sandbox adapter's card rules (src/adapters/payment/sandbox/cards.ts): what Braintree's
 * hosted fields accept, and the sandbox card nonce a typed card becomes (its brand, last four
 * digits, expiry, the outcome Braintree's sandbox gives its test cards, a fingerprint).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  cardBrand,
  cardNumberValid,
  cardOutcome,
  cvvValid,
  cvvVerificationFailure,
  digitsOf,
  expirationValid,
  invalidFields,
  luhnValid,
  nonceForCard,
  parseExpiration,
  postalCodeValid,
} from '../../src/adapters/payment/sandbox/cards.ts';
import { parseSandboxCardNonce } from '../../src/domain/sandboxCardNonce.ts';

const now = new Date('2026-05-15T12:00:00Z');

describe('card numbers', () => {
  const EXPIRY = { month: 11, year: 2031 };
  const fingerprint = (digits: string) => createHash('sha256').update(digits).digest('hex').slice(0, 2);

  test('a typed card becomes a nonce with its brand, last four digits, expiry, outcome and fingerprint', () => {
    expect(nonceForCard('4111 1111 1111 1111', EXPIRY)).toBe(`sandbox-card-visa-1111-11-2031-approved-${fingerprint('4111111111111111')}`);
    expect(nonceForCard('5555-5555-5555-4444', { month: 3, year: 2032 })).toBe(
      `sandbox-card-mastercard-4444-03-2032-approved-${fingerprint('5555555555554444')}`,
    );
    expect(parseSandboxCardNonce(nonceForCard('3782 822463 10005', EXPIRY))).toEqual({
      brand: 'amex',
      last4: '0005',
      expirationMonth: 11,
      expirationYear: 2031,
      outcome: 'approved',
      fingerprint: fingerprint('378282246310005'),
    });
  });

  test("Braintree's documented test cards keep their outcomes: the unsuccessful-verification cards decline, the JCB fails", () => {
    const outcome = (n: string) => parseSandboxCardNonce(nonceForCard(n, EXPIRY))!.outcome;
    for (const n of [
      '4111 1111 1111 1111',
      '5555 5555 5555 4444',
      '3782 822463 10005',
      '6011 1111 1111 1117',
      '4242424242424242',
      '2223003122003222',
      '3530111333300000',
      '36259600000004',
    ])
      expect(outcome(n), n).toBe('approved');
    for (const n of ['4000 1111 1111 1115', '5105 1051 0510 5100', '3787 344936 71000', '6011 0009 9013 9424'])
      expect(outcome(n), n).toBe('declined');
    expect(outcome('3566 0020 2036 0505')).toBe('failed');
    expect(cardOutcome('4000111111111115')).toBe('declined');
  });

  test('each card its brand; the same number the same fingerprint, another number another', () => {
    const card = (n: string) => parseSandboxCardNonce(nonceForCard(n, EXPIRY))!;
    expect(
      [
        '4242424242424242',
        '2223003122003222',
        '371449635398431',
        '6011111111111117',
        '3530111333300000',
        '36259600000004',
        '6304000000000000',
        '6200000000000005',
      ].map((n) => card(n).brand),
    ).toEqual(['visa', 'mastercard', 'amex', 'discover', 'jcb', 'dinersclub', 'maestro', 'unionpay']);
    expect(card('4111 1111 1111 1111').fingerprint).toBe(card('4111-1111-1111-1111').fingerprint);
    expect(card('4111 1111 1111 1111').fingerprint).not.toBe(card('4012 8888 8888 1881').fingerprint);
  });

  test('the nonce holds no more of the number than its last four digits', () => {
    const nonce = nonceForCard('4012 8888 8888 1881', EXPIRY);
    expect(nonce).not.toContain('40128888');
    expect(nonce).not.toContain('888888881881');
  });

  test("Braintree's wallet nonces the sandbox gives are documented test nonces", () => {
    const documented = new Set(
      readFileSync(new URL('../fixtures/braintree-data/braintree-test-nonces.tsv', import.meta.url), 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[1]),
    );
    for (const wallet of ['fake-paypal-billing-agreement-nonce', 'fake-apple-pay-visa-nonce', 'fake-android-pay-visa-nonce'])
      expect(documented).toContain(wallet);
  });

  test('Luhn, brand and length', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(cardBrand(digitsOf('3782 822463 10005'))).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(cardBrand('2720990000000007')).toBe('mastercard');
    expect(cardNumberValid('4111 1111 1111 1111')).toBe(true);
    expect(cardNumberValid('4111 1111 1111 1112')).toBe(false); // Luhn
    expect(cardNumberValid('378282246310005')).toBe(true);
    expect(cardNumberValid('3782822463100050')).toBe(false); // an Amex has 15 digits
    expect(cardNumberValid('4111-1111-1111-1111')).toBe(true);
    expect(cardNumberValid('4111 1111 1111 111a')).toBe(false);
    // At most 19 characters: 16 digits with three spaces fit, with four they do not.
    expect(cardNumberValid('4111 1111 1111  1111')).toBe(false);
  });
});

describe('expiration date', () => {
  test('MM/YYYY on the app checkout, MM/YY in the class funnels', () => {
    expect(parseExpiration('12/2030', 'MM/YYYY')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiration('1 / 2030', 'MM/YYYY')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiration('12/30', 'MM/YYYY')).toBeNull();
    expect(parseExpiration('12/30', 'MM/YY')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiration('12/2030', 'MM/YY')).toBeNull();
    expect(parseExpiration('13/2030', 'MM/YYYY')).toBeNull();
    expect(parseExpiration('00/30', 'MM/YY')).toBeNull();
  });

  test('a card is good through its expiry month, not before this month, not 20 years ahead', () => {
    expect(expirationValid('05/2026', 'MM/YYYY', now)).toBe(true);
    expect(expirationValid('04/2026', 'MM/YYYY', now)).toBe(false);
    expect(expirationValid('05/26', 'MM/YY', now)).toBe(true);
    expect(expirationValid('05/2046', 'MM/YYYY', now)).toBe(true);
    expect(expirationValid('06/2046', 'MM/YYYY', now)).toBe(false);
  });
});

describe('security code and postal code', () => {
  test('3 digits, 4 for American Express', () => {
    expect(cvvValid('123', 'visa')).toBe(true);
    expect(cvvValid('1234', 'visa')).toBe(false);
    expect(cvvValid('1234', 'amex')).toBe(true);
    expect(cvvValid('123', 'amex')).toBe(false);
    expect(cvvValid('12a', 'visa')).toBe(false);
    expect(cvvValid('1234', 'unknown')).toBe(true);
  });

  test("security codes 200 and 201 fail verification as in Braintree's sandbox", () => {
    expect(cvvVerificationFailure('200')).toBe('does not match');
    expect(cvvVerificationFailure('201')).toBe('not verified');
    expect(cvvVerificationFailure('123')).toBeNull();
  });

  test('postal codes: US, ZIP+4, Canada, UK; not empty or one letter', () => {
    for (const ok of ['94107', '94107-1234', 'K1A 0B1', 'SW1A 1AA', '123']) expect(postalCodeValid(ok), ok).toBe(true);
    for (const bad of ['', '1', '12', '94107!', 'ABCDEFGHIJK']) expect(postalCodeValid(bad), bad).toBe(false);
  });

  test('the invalid fields of a form, named as braintree-web names them', () => {
    expect(
      invalidFields({ number: '4111 1111 1111 1111', expirationDate: '12/2030', cvv: '123', postalCode: '94107' }, 'MM/YYYY', now),
    ).toEqual([]);
    expect(invalidFields({ number: '4111 1111 1111 1112', expirationDate: '12/30', cvv: '12', postalCode: '' }, 'MM/YYYY', now)).toEqual([
      'number',
      'expirationDate',
      'cvv',
      'postalCode',
    ]);
    expect(invalidFields({ number: '378282246310005', expirationDate: '12/30', cvv: '123' }, 'MM/YY', now)).toEqual(['cvv']);
  });
});
