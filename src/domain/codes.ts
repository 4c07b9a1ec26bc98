/**
 * Single-use codes: what a prefix means and how a code is written.
 *
 * - Prefixes: CS coupon (CSCP a comp, see docs/decisions.md), CV volume licence, GIFT gift,
 *   EDU bulk / education campaign. The prefix tells the browser how to send a code; the
 *   server's record of the code says what it gives.
 * - Canonical form (stored, compared): upper case, without dashes or spaces.
 * - Display form: CS and CV codes regrouped in blocks of 4 separated by dashes, as the promo
 *   field shows them (`CSAB-CD23-EFGH`); other codes as they are.
 */

export const CODE_PREFIXES = { coupon: 'CS', comp: 'CSCP', volume: 'CV', gift: 'GIFT', bulk: 'EDU' } as const;

/** Upper case, no dashes, no white space: the form codes are stored and looked up in. */
export function canonicalCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Is this code regrouped in blocks of 4 when typed (it starts with CS or CV)? */
export function isGroupedCode(code: string): boolean {
  return /^(CS|CV)/i.test(code.trim());
}

/** The form a parent sees and types: CS/CV codes in blocks of 4 with dashes, others canonical. */
export function displayCode(input: string): string {
  const code = canonicalCode(input);
  return isGroupedCode(code) ? (code.match(/.{1,4}/g) ?? []).join('-') : code;
}

/** Codes starting CS, CV or EDU are sent as `couponCode`; others as `promoCode`. */
export function isCouponCode(input: string): boolean {
  return /^(CS|CV|EDU)/i.test(input.trim());
}
