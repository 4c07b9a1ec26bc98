/** Money: integer cents in the database, dollars (19.99) in YAML and on the wire. */

export function toCents(dollars: number): number {
  const cents = Math.round(dollars * 100);
  if (!Number.isSafeInteger(cents) || Math.abs(cents - dollars * 100) > 1e-6)
    throw new RangeError(`${dollars} is not an amount in dollars and cents.`);
  return cents;
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}
