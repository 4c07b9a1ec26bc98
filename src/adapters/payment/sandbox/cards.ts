/**
 * The sandbox adapter's card rules, pure: what Braintree's hosted fields check in the browser
 * (Luhn, brand and length, expiry, security code, postal code), and the nonce a typed card
 * becomes — the sandbox's own card nonce (src/domain/sandboxCardNonce.ts), which carries the
 * card's brand, last four digits, expiry and the outcome Braintree's sandbox gives its
 * documented test card numbers. Nothing here sends anything anywhere.
 */
import {
  type CardBrand,
  cardFingerprint,
  cardTypeName,
  type SandboxCardOutcome,
  sandboxCardNonce,
} from '../../../domain/sandboxCardNonce.ts';
import type { CardFieldName } from '../types.ts';

export { type CardBrand, cardTypeName };

/** The card number field takes at most 19 characters. */
export const CARD_NUMBER_MAX_LENGTH = 19;

export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const inRange = (digits: string, length: number, low: number, high: number) => {
  const prefix = Number(digits.slice(0, length));
  return digits.length >= length && prefix >= low && prefix <= high;
};

/** The card's network from its first digits (IIN ranges as the card networks publish them). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (/^(6011|65)/.test(digits) || inRange(digits, 3, 644, 649) || inRange(digits, 6, 622126, 622925)) return 'discover';
  if (inRange(digits, 4, 3528, 3589)) return 'jcb';
  if (/^3(6|8|0[0-5])/.test(digits)) return 'dinersclub';
  if (/^(5[06-8]|6304|6759|676770|676774)/.test(digits)) return 'maestro';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

const lengths: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  jcb: [16, 17, 18, 19],
  dinersclub: [14, 15, 16, 17, 18, 19],
  maestro: [12, 13, 14, 15, 16, 17, 18, 19],
  unionpay: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

export function cardNumberValid(value: string): boolean {
  if (value.length > CARD_NUMBER_MAX_LENGTH || /[^\d\s-]/.test(value)) return false;
  const digits = digitsOf(value);
  return lengths[cardBrand(digits)].includes(digits.length) && luhnValid(digits);
}

export type ExpirationFormat = 'MM/YYYY' | 'MM/YY';

/** Month and full year of `MM/YYYY` or `MM/YY` (spaces around the slash allowed); null when it is not that. */
export function parseExpiration(value: string, format: ExpirationFormat): { month: number; year: number } | null {
  const m = (format === 'MM/YYYY' ? /^(\d{1,2})\s*\/\s*(\d{4})$/ : /^(\d{1,2})\s*\/\s*(\d{2})$/).exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = format === 'MM/YYYY' ? Number(m[2]) : 2000 + Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month; more than 20 years ahead is a typo. */
export function expirationValid(value: string, format: ExpirationFormat, now: Date = new Date()): boolean {
  const e = parseExpiration(value, format);
  if (!e) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expires = e.year * 12 + (e.month - 1);
  return expires >= current && expires <= current + 20 * 12;
}

/** 3 digits, 4 for American Express; either when the brand is not known yet. */
export function cvvValid(value: string, brand: CardBrand): boolean {
  if (!/^\d+$/.test(value)) return false;
  if (brand === 'amex') return value.length === 4;
  if (brand === 'unknown') return value.length === 3 || value.length === 4;
  return value.length === 3;
}

/** Letters, digits, spaces and dashes, 3 to 10 characters (US ZIP, ZIP+4, Canadian and UK codes). */
export function postalCodeValid(value: string): boolean {
  const v = value.trim();
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(v);
}

export interface CardInput {
  number: string;
  expirationDate: string;
  cvv: string;
  postalCode?: string | undefined;
  cardholderName?: string | undefined;
}

/** The fields of `input` that are not valid (those present in the form only). */
export function invalidFields(input: CardInput, format: ExpirationFormat, now: Date = new Date()): CardFieldName[] {
  const brand = cardBrand(digitsOf(input.number));
  const out: CardFieldName[] = [];
  if (!cardNumberValid(input.number)) out.push('number');
  if (!expirationValid(input.expirationDate, format, now)) out.push('expirationDate');
  if (!cvvValid(input.cvv.trim(), brand)) out.push('cvv');
  if (input.postalCode !== undefined && !postalCodeValid(input.postalCode)) out.push('postalCode');
  if (input.cardholderName !== undefined && input.cardholderName.trim() === '') out.push('cardholderName');
  return out;
}

/**
 * Braintree's documented test card numbers whose verification fails (its "unsuccessful
 * verification" cards: processor declined 2000; the JCB: processor failure 3000). Every other
 * valid number is approved.
 */
const testCardOutcomes: Readonly<Record<string, SandboxCardOutcome>> = {
  '4000111111111115': 'declined',
  '5105105105105100': 'declined',
  '378734493671000': 'declined',
  '6011000990139424': 'declined',
  '3566002020360505': 'failed',
};

/** What verifying this card gives in Braintree's sandbox. */
export function cardOutcome(number: string): SandboxCardOutcome {
  return testCardOutcomes[digitsOf(number)] ?? 'approved';
}

/**
 * The nonce the sandbox gives for a card: the card itself (brand, last four, expiry, outcome,
 * fingerprint), as Braintree's tokenization stands for the card that was typed.
 */
export function nonceForCard(number: string, expiration: { month: number; year: number }): string {
  const digits = digitsOf(number);
  return sandboxCardNonce({
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expirationMonth: expiration.month,
    expirationYear: expiration.year,
    outcome: cardOutcome(digits),
    fingerprint: cardFingerprint(digits),
  });
}

/**
 * Braintree's sandbox fails CVV verification for these codes (when the merchant's rules verify
 * the CVV): 200 'does not match' (N), 201 'was not verified' (U).
 */
export function cvvVerificationFailure(cvv: string): 'does not match' | 'not verified' | null {
  const v = cvv.trim();
  return v === '200' ? 'does not match' : v === '201' ? 'not verified' : null;
}
