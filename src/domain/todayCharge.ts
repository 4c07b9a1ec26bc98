/**
 * What a checkout charges today: nothing during a free trial ("Today's charge $0.00
 * during the trial"), the offer's first charge when it names one (a class add-on: $10 for 4
 * classes, $1 for 1 class, then the monthly price after the promo), otherwise the full price
 * (a plan without a trial, such as lifetime). Computed from the offer bought; no funnel or copy
 * restates the amount. Money is integer cents, USD.
 */
import { centsOf } from './pricing.ts';

/** What the rule reads of an offer (a web offer, a class offer or a class add-on). */
export interface ChargedOffer {
  /** Dollars (19.99): the recurring price. */
  price?: unknown;
  /** Days of free trial; 0 or missing: none. */
  trialDurationDays?: unknown;
  /** Dollars charged today when the offer says so itself (class add-ons). */
  todayPrice?: unknown;
}

const dollars = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** Cents charged today for `offer`. */
export function todayChargeCents(offer: ChargedOffer): number {
  const first = dollars(offer.todayPrice);
  if (first !== null) return centsOf(first);
  const trialDays = typeof offer.trialDurationDays === 'number' ? offer.trialDurationDays : 0;
  if (trialDays > 0) return 0;
  return centsOf(dollars(offer.price) ?? 0);
}

/** Which products' free trials a parent has had: a trial is once per parent and product. */
export interface UsedTrials {
  app: boolean;
  classes: boolean;
}

/** What the rule reads to tell an offer's product and trial. */
interface TrialOffer extends ChargedOffer {
  /** Set on class offers (the class funnels): their product is classes, every other offer's is the app. */
  classType?: unknown;
  trial?: unknown;
}

const withoutTrial = <O extends TrialOffer>(offer: O): O => {
  const trial = offer.trial && typeof offer.trial === 'object' ? { trial: { ...offer.trial, quantity: 0 } } : {};
  return { ...offer, trialDurationDays: 0, ...trial };
};

const hasTrial = (offer: TrialOffer) => typeof offer.trialDurationDays === 'number' && offer.trialDurationDays > 0;

/**
 * The offer as a checkout sells it to this parent: without its free trial when they have had one
 * of its product (they pay the first period today). `used` null: not known (a visitor).
 */
export function offerForParent<O extends TrialOffer>(offer: O, used: UsedTrials | null): O {
  const product = offer.classType ? 'classes' : 'app';
  return used?.[product] && hasTrial(offer) ? withoutTrial(offer) : offer;
}

/** The offer as the server says it charges it today (`todayCharge` of a refusal): no free trial when that is not nothing. */
export const offerChargedToday = <O extends TrialOffer>(offer: O, cents: number): O =>
  cents > 0 && hasTrial(offer) ? withoutTrial(offer) : offer;

/**
 * What moving a renewing plan to `offer` charges today (My Account's upgrade): a lifetime plan is
 * paid at once; a renewing one first bills when what the current plan paid for (or its trial) ends.
 */
export const upgradeChargeCents = (offer: { price?: unknown; subscriptionDuration?: unknown }): number =>
  offer.subscriptionDuration === 'lifetime' ? centsOf(dollars(offer.price) ?? 0) : 0;
