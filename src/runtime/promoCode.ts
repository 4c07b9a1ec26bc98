/**
 * A code starting with CS or CV (any case) loses
 * its dashes and is regrouped in blocks of 4 separated by dashes; every single-use code (CS, CV,
 * GIFT or EDU, any case) is upper-cased, as coupon lookups and redemptions are, so the funnels
 * need only test upper-case prefixes. Other codes (a web offer's promo code) are left as typed.
 */
export function formatPromoCode(input: string): string {
  const code = input.trim();
  if (/^c[sv]/i.test(code)) {
    const bare = code.replace(/[-\s]/g, '').toUpperCase();
    return bare.match(/.{1,4}/g)?.join('-') ?? '';
  }
  if (/^(gift|edu)/i.test(code)) return code.toUpperCase();
  return code;
}
