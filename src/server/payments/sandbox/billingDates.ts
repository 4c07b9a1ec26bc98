/**
 * Billing dates of a subscription: the first billing date plus whole billing periods, counted
 * from the first date each time, so a subscription that starts on the 31st bills on the last
 * day of shorter months and on the 31st again after them (as Braintree does).
 */

const DAY_MS = 86_400_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** `date` plus `months` calendar months (UTC), the day clamped to the end of a shorter month. */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** The billing date after `cyclesCharged` paid periods. */
export function billingDate(firstBillingDate: Date, frequencyMonths: number, cyclesCharged: number): Date {
  return addMonths(firstBillingDate, frequencyMonths * cyclesCharged);
}
