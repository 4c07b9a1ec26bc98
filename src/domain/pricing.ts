/**
 * Plan pricing and selection rules: the numbers a plan card shows, which plan starts selected (annual by
 * default), which plan list is asked for, and the order cards are shown in. Pure functions over web offers;
 * the words are copy (the plan blocks pick the key, these give the figures). Money is integer cents, USD.
 */

export type SubscriptionDuration = 'monthly' | 'quarterly' | '6Month' | 'annual' | '24Month' | 'lifetime';

/** Months per duration; a lifetime plan has none. */
export const MONTHS_PER_DURATION: Record<Exclude<SubscriptionDuration, 'lifetime'>, number> = {
  monthly: 1,
  quarterly: 3,
  '6Month': 6,
  annual: 12,
  '24Month': 24,
};

/** What pricing needs of an offer (a WebOffer of the contract has all of it). */
export interface PricedOffer {
  id: string;
  /** Dollars, as the contract carries them (19.99). */
  price: number;
  subscriptionDuration: SubscriptionDuration;
  trialDurationDays: number;
  trial?: { quantity: number; interval: 'day' | 'week' | 'month' };
}

export const centsOf = (dollars: number): number => Math.round(dollars * 100);

export const monthsIn = (duration: SubscriptionDuration): number | null => (duration === 'lifetime' ? null : MONTHS_PER_DURATION[duration]);

/** Price per month, rounded to cents: quarterly $35 → 1167 ($11.67). Null for lifetime. */
export function perMonthCents(offer: Pick<PricedOffer, 'price' | 'subscriptionDuration'>): number | null {
  const months = monthsIn(offer.subscriptionDuration);
  return months === null ? null : Math.round(centsOf(offer.price) / months);
}

/**
 * Percent saving of `offer` against `comparison`: the rounded relative difference of
 * their per-month prices. Annual $120 against monthly $19.99 → 50. Null when either has no
 * per-month price or the offer saves nothing.
 */
export function percentSaving(offer: PricedOffer, comparison: PricedOffer): number | null {
  const mine = perMonthCents(offer);
  const theirs = perMonthCents(comparison);
  if (mine === null || theirs === null || theirs === 0 || mine >= theirs) return null;
  return Math.round(((theirs - mine) / theirs) * 100);
}

/** Annual savings amount: 12 × the monthly price − the annual price, in cents. $19.99 / $120 → 11988. */
export function annualSavingsCents(monthly: PricedOffer, annual: PricedOffer): number {
  return 12 * centsOf(monthly.price) - centsOf(annual.price);
}

/**
 * The plan a card's saving is measured against: the recurring plan of the list with the fewest months, when
 * it has fewer than `offer` — the monthly plan in every catalog that has one. Null when there is none
 * (lifetime, or `offer` is itself the shortest).
 */
export function comparisonOffer<T extends PricedOffer>(offers: readonly T[], offer: PricedOffer): T | null {
  const mine = monthsIn(offer.subscriptionDuration);
  if (mine === null) return null;
  let best: T | null = null;
  for (const other of offers) {
    const months = monthsIn(other.subscriptionDuration);
    if (months === null || months >= mine || other.id === offer.id) continue;
    if (!best || months < monthsIn(best.subscriptionDuration)!) best = other;
  }
  return best;
}

/**
 * What `offer` saves over its term against paying `comparison` for as long (for an annual
 * plan against the monthly one, 12 × the monthly price − the annual price), in cents. Null
 * when it saves nothing or either is a lifetime plan. Annual $120 against quarterly $41 → 4400.
 */
export function savingsCents(offer: PricedOffer, comparison: PricedOffer): number | null {
  const mine = monthsIn(offer.subscriptionDuration);
  const theirs = monthsIn(comparison.subscriptionDuration);
  if (mine === null || theirs === null) return null;
  const saved = Math.round((centsOf(comparison.price) * mine) / theirs) - centsOf(offer.price);
  return saved > 0 ? saved : null;
}

/**
 * Whole dollars with en-US grouping ("1,234"), as `toLocaleString('en-US')` writes them, without the Intl number
 * formatter: each call of that builds one, which made the plan cards' first render long on a phone (docs/performance.md).
 */
const groupedDollars = (dollars: number) => String(dollars).replace(/\B(?=(\d{3})+$)/g, ',');

/** "$11.67"; whole dollars keep their cents ("$120.00") unless `wholeDollars: 'short'` ("$120"). */
export function formatUsd(cents: number, o: { wholeDollars?: 'cents' | 'short' } = {}): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = groupedDollars(Math.floor(abs / 100));
  const rest = abs % 100;
  if (rest === 0 && o.wholeDollars === 'short') return `${sign}$${dollars}`;
  return `${sign}$${dollars}.${String(rest).padStart(2, '0')}`;
}

/** How a card words its billing: the copy key's variant and its figure. */
export type BillingTerms =
  | { kind: 'monthly' }
  | { kind: 'annually' }
  | { kind: 'everyNMonths'; months: number }
  | { kind: 'oneTimePayment' };

export function billingTerms(duration: SubscriptionDuration): BillingTerms {
  if (duration === 'lifetime') return { kind: 'oneTimePayment' };
  if (duration === 'monthly') return { kind: 'monthly' };
  if (duration === 'annual') return { kind: 'annually' };
  return { kind: 'everyNMonths', months: MONTHS_PER_DURATION[duration] };
}

/**
 * The figures of the trial label '{n}-{interval} Free trial': the offer's trial quantity
 * and interval, or its trial days. Null without a trial.
 */
export function trialLabelParams(offer: PricedOffer): { n: number; interval: 'day' | 'week' | 'month' } | null {
  if (offer.trial && offer.trial.quantity > 0) return { n: offer.trial.quantity, interval: offer.trial.interval };
  return offer.trialDurationDays > 0 ? { n: offer.trialDurationDays, interval: 'day' } : null;
}

/**
 * The plan selected when the selector opens: the `selected_plan` URL parameter, then
 * the selected-plan cookie, each only if it names an offer of the list; otherwise the list's
 * annual plan — the cheapest per month of them when the
 * list has several (premium and basic) — and in a list without an annual plan the cheapest by
 * price per month. The annual plan is not always the cheapest per month: monthly $9.99
 * beats a premium annual $120 ($10.00) by a cent. Lifetime plans are not "cheapest". Null for
 * an empty list.
 */
export function initialSelectedOfferId(
  offers: readonly PricedOffer[],
  from: { selectedPlanParam?: string | null; selectedPlanCookie?: string | null },
): string | null {
  for (const wanted of [from.selectedPlanParam, from.selectedPlanCookie]) {
    if (wanted && offers.some((o) => o.id === wanted)) return wanted;
  }
  const annual = offers.filter((o) => o.subscriptionDuration === 'annual');
  const recurring = offers.filter((o) => perMonthCents(o) !== null);
  const pool = annual.length > 0 ? annual : recurring.length > 0 ? recurring : offers;
  let cheapest: PricedOffer | null = null;
  for (const offer of pool) {
    if (!cheapest || (perMonthCents(offer) ?? centsOf(offer.price)) < (perMonthCents(cheapest) ?? centsOf(cheapest.price)))
      cheapest = offer;
  }
  return cheapest?.id ?? null;
}

export const DEFAULT_PLAN_TAG = 'default';

/**
 * The plan tag: a flag variant's tag wins (and sets the marker cookie); otherwise the
 * `activePlanTag` URL parameter, then the cookie, then 'default'. When no flag sets a tag but
 * the marker cookie says one did, the cookie's tag goes back to default (a parameter still
 * applies) and the marker is removed.
 * `requestTag` is what GetDefaultPlans gets: none for 'default'.
 */
export function resolvePlanTag(from: {
  flagTag?: string | null;
  activePlanTagParam?: string | null;
  planTagCookie?: string | null;
  flagMarkerCookie?: boolean;
}): {
  tag: string;
  requestTag: string | undefined;
  setMarkerCookie: boolean;
  clearMarkerCookie: boolean;
} {
  const result = (tag: string, marker: { set?: boolean; clear?: boolean } = {}) => ({
    tag,
    requestTag: tag === DEFAULT_PLAN_TAG ? undefined : tag,
    setMarkerCookie: marker.set ?? false,
    clearMarkerCookie: marker.clear ?? false,
  });
  if (from.flagTag) return result(from.flagTag, { set: true });
  // The flag that set the cookie's tag is off now: that tag is forgotten (a tag in the address still counts).
  if (from.flagMarkerCookie) return result(from.activePlanTagParam?.trim() || DEFAULT_PLAN_TAG, { clear: true });
  const chosen = from.activePlanTagParam?.trim() || from.planTagCookie?.trim();
  return result(chosen || DEFAULT_PLAN_TAG);
}

/**
 * The order cards are shown in: an experiment's order when it sets one
 * (a list of durations), else monthly then annual on desktop and annual then monthly on a
 * phone; durations not named keep their catalog order after the named ones.
 */
export function displayOrder<T extends Pick<PricedOffer, 'subscriptionDuration'>>(
  offers: readonly T[],
  o: { device: 'desktop' | 'mobile'; experimentOrder?: readonly SubscriptionDuration[] | null },
): T[] {
  const order = o.experimentOrder ?? (o.device === 'mobile' ? (['annual', 'monthly'] as const) : (['monthly', 'annual'] as const));
  const rank = (offer: T) => {
    const at = order.indexOf(offer.subscriptionDuration);
    return at === -1 ? order.length : at;
  };
  return offers
    .map((offer, index) => ({ offer, index }))
    .sort((a, b) => rank(a.offer) - rank(b.offer) || a.index - b.index)
    .map(({ offer }) => offer);
}
