/**
 * `{title}`, `{price}`, `{trialDays}`, `{promoDays}` (a class add-on's) and `{todayPrice}` — the
 * amount charged today (./useTodayCharge.ts) — for the summary lines (their schema declares
 * these names as what the lines may use; ./offers.ts fills them). Apart from ./offers.ts so that
 * the schema does not reach the runtime through it.
 */
export const offerSummaryNames = ['title', 'price', 'trialDays', 'promoDays', 'todayPrice'] as const;
