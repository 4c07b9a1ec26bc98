/**
 * The sandbox's own card nonce: what the sandbox card fields give for the card a parent typed,
 * as Braintree's hosted fields give a nonce that stands for the typed card (its brand, last
 * four digits and expiry). The sandbox gateway reads it back and vaults that card.
 *
 *   sandbox-card-<brand>-<last4>-<MM>-<YYYY>-<outcome>-<fingerprint>
 *   sandbox-card-visa-1111-11-2031-approved-<2 hex digits>
 *
 * - brand: the card's network (`visa`, `mastercard`, `amex`, `discover`, `jcb`, `dinersclub`,
 *   `maestro`, `unionpay`, `unknown`), shown with Braintree's card type names ('Visa',
 *   'MasterCard'...);
 * - outcome: what verifying the card gives — `approved`, `declined` (processor declined, 2000
 *   'Do Not Honor') or `failed` (processor failure, 3000) — as Braintree's sandbox answers its
 *   documented test card numbers;
 * - fingerprint: the first 2 hex digits (8 bits) of the SHA-256 of the card number's digits.
 *   With the brand and the last four digits it tells one card from another (duplicates: the
 *   same card typed twice is the same payment method), wrongly for 1 pair in 256 of cards that
 *   share brand and last four. It is short on purpose: a longer hash of a card number, with its
 *   brand and last four, gives the number back to anyone who tries the candidates, and a real
 *   card typed into a deployment left on the sandbox would then be readable in its nonce; 8 bits
 *   leave hundreds of candidates even to someone who knows the bank's first six digits.
 *
 * Nothing here sends anything; the browser builds the nonce, the server parses it.
 */
import { sha256Hex } from './sha256.ts';

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'dinersclub', 'maestro', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof cardBrands)[number];

/** The names Braintree gives card types (braintree-web's `details.cardType`, a vaulted card's `cardType`). */
export const cardTypeName: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  dinersclub: 'Diners Club',
  maestro: 'Maestro',
  unionpay: 'UnionPay',
  unknown: 'Unknown',
};

export const sandboxCardOutcomes = ['approved', 'declined', 'failed'] as const;
export type SandboxCardOutcome = (typeof sandboxCardOutcomes)[number];

export interface SandboxCard {
  brand: CardBrand;
  last4: string;
  expirationMonth: number;
  expirationYear: number;
  outcome: SandboxCardOutcome;
  /** FINGERPRINT_HEX_DIGITS lower-case hex digits: `cardFingerprint` of the card number. */
  fingerprint: string;
}

export const SANDBOX_CARD_NONCE_PREFIX = 'sandbox-card-';

export const FINGERPRINT_HEX_DIGITS = 2;

/** The same card number, the same fingerprint: SHA-256 of its digits, first FINGERPRINT_HEX_DIGITS hex digits. */
export function cardFingerprint(number: string): string {
  return sha256Hex(number).slice(0, FINGERPRINT_HEX_DIGITS);
}

/**
 * What stands for a card number in the vault (Braintree's `uniqueNumberIdentifier`, 32 hex
 * digits): its type, last four digits and fingerprint together, so cards of two brands or two
 * endings are never one card.
 */
export function uniqueNumberIdentifier(cardType: string, last4: string, fingerprint: string): string {
  return sha256Hex(`${cardType}|${last4}|${fingerprint}`).slice(0, 32);
}

const PATTERN = new RegExp(
  `^${SANDBOX_CARD_NONCE_PREFIX}(${cardBrands.join('|')})-(\\d{4})-(0[1-9]|1[0-2])-(\\d{4})-` +
    `(${sandboxCardOutcomes.join('|')})-([0-9a-f]{${FINGERPRINT_HEX_DIGITS}})$`,
);

export function sandboxCardNonce(card: SandboxCard): string {
  const nonce =
    `${SANDBOX_CARD_NONCE_PREFIX}${card.brand}-${card.last4}-${String(card.expirationMonth).padStart(2, '0')}-` +
    `${String(card.expirationYear).padStart(4, '0')}-${card.outcome}-${card.fingerprint}`;
  if (!PATTERN.test(nonce)) throw new RangeError(`Not a sandbox card: ${JSON.stringify({ ...card, fingerprint: undefined })}.`);
  return nonce;
}

/** The card a sandbox card nonce stands for; null when `nonce` is not one (Braintree's own nonces included). */
export function parseSandboxCardNonce(nonce: string): SandboxCard | null {
  const m = PATTERN.exec(nonce);
  if (!m) return null;
  return {
    brand: m[1] as CardBrand,
    last4: m[2]!,
    expirationMonth: Number(m[3]),
    expirationYear: Number(m[4]),
    outcome: m[5] as SandboxCardOutcome,
    fingerprint: m[6]!,
  };
}
