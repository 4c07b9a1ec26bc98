/**
 * Spec §5 "Promo code field": a code starting with CS or CV (any case) loses its dashes and is
 * regrouped in blocks of 4 separated by dashes (upper-cased, as coupon lookups are); other
 * codes are left as typed.
 */
export function formatPromoCode(input: string): string {
  const code = input.trim();
  if (!/^c[sv]/i.test(code)) return code;
  const bare = code.replace(/[-\s]/g, '').toUpperCase();
  return bare.match(/.{1,4}/g)?.join('-') ?? '';
}
