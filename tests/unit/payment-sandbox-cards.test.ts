/**
 * The sandbox adapter's card rules (src/adapters/payment/sandbox/cards.ts): what Braintree's
 * hosted fields accept, and the test nonces Braintree's sandbox gives for its test cards
 * (tests/fixtures/braintree-data/braintree-test-nonces.tsv).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  cardBrand,
  cardNumberValid,
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

const now = new Date('2026-05-15T12:00:00Z');

describe('card numbers', () => {
  test("Braintree's test cards give Braintree's test nonces", () => {
    expect(nonceForCard('4111 1111 1111 1111')).toBe('fake-valid-visa-nonce');
    expect(nonceForCard('4000 1111 1111 1115')).toBe('fake-processor-declined-visa-nonce');
    expect(nonceForCard('5555 5555 5555 4444')).toBe('fake-valid-mastercard-nonce');
    expect(nonceForCard('3782 822463 10005')).toBe('fake-valid-amex-nonce');
    expect(nonceForCard('6011 1111 1111 1117')).toBe('fake-valid-discover-nonce');
    expect(nonceForCard('3566 0020 2036 0505')).toBe('fake-processor-failure-jcb-nonce');
    expect(nonceForCard('5105 1051 0510 5100')).toBe('fake-processor-declined-mastercard-nonce');
    expect(nonceForCard('3787 344936 71000')).toBe('fake-processor-declined-amex-nonce');
    expect(nonceForCard('6011 0009 9013 9424')).toBe('fake-processor-declined-discover-nonce');
  });

  test('other valid numbers give a valid nonce of their brand', () => {
    expect(nonceForCard('4242424242424242')).toBe('fake-valid-visa-nonce');
    expect(nonceForCard('2223003122003222')).toBe('fake-valid-mastercard-nonce');
    expect(nonceForCard('371449635398431')).toBe('fake-valid-amex-nonce');
    expect(nonceForCard('3530111333300000')).toBe('fake-valid-jcb-nonce');
    expect(nonceForCard('36259600000004')).toBe('fake-valid-dinersclub-nonce');
    expect(nonceForCard('6304000000000000')).toBe('fake-valid-maestro-nonce');
  });

  test('every nonce the sandbox gives is one of the documented test nonces', () => {
    const documented = new Set(
      readFileSync(new URL('../fixtures/braintree-data/braintree-test-nonces.tsv', import.meta.url), 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[1]),
    );
    for (const n of ['4111111111111111', '4000111111111115', '5555555555554444', '378282246310005', '6011111111111117', '3566002020360505', '3530111333300000', '36259600000004', '6304000000000000', '6200000000000005'])
      expect(documented, n).toContain(nonceForCard(n));
    for (const wallet of ['fake-paypal-billing-agreement-nonce', 'fake-apple-pay-visa-nonce', 'fake-android-pay-visa-nonce']) expect(documented).toContain(wallet);
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
    // At most 19 characters (spec §5, §9): 16 digits with three spaces fit, with four they do not.
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
    expect(invalidFields({ number: '4111 1111 1111 1111', expirationDate: '12/2030', cvv: '123', postalCode: '94107' }, 'MM/YYYY', now)).toEqual([]);
    expect(invalidFields({ number: '4111 1111 1111 1112', expirationDate: '12/30', cvv: '12', postalCode: '' }, 'MM/YYYY', now)).toEqual(['number', 'expirationDate', 'cvv', 'postalCode']);
    expect(invalidFields({ number: '378282246310005', expirationDate: '12/30', cvv: '123' }, 'MM/YY', now)).toEqual(['cvv']);
  });
});
