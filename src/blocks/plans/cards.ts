/**
 * What each plan card says, as text: the figures come from src/domain/pricing.ts,
 * the words from copy/en/plans.yaml. Pure: the plans block renders these, tests read them.
 */
import type { WebOffer } from '../../contract/entities.ts';
import {
  billingTerms,
  centsOf,
  comparisonOffer,
  formatUsd,
  monthsIn,
  percentSaving,
  perMonthCents,
  savingsCents,
  trialLabelParams,
} from '../../domain/pricing.ts';
import type { Translate } from '../../runtime/copy.ts';
import { planName } from './planName.ts';

/** What a card needs of an offer (GetDefaultPlans answers whole WebOffers). */
export type CardOffer = Pick<
  WebOffer,
  | 'id'
  | 'planId'
  | 'planDataKey'
  | 'subscriptionDuration'
  | 'price'
  | 'trialDurationDays'
  | 'trial'
  | 'offerTitle'
  | 'hasClasses'
  | 'maxChildProfiles'
  | 'plan'
>;

export interface PlanCard {
  offer: CardOffer;
  title: string;
  /** Highlight above the name ('BEST VALUE', 'Pay once. Play forever.'); '' for none. */
  flag: string;
  /** Tier next to the name ('PREMIUM'); '' for none. */
  badge: string;
  /** The savings badge (annual and two-year cards that save against the shortest plan); '' for none. */
  saving: string;
  /** '7-day Free trial'; '' without a trial. */
  trial: string;
  /** '$6.67/month', or the whole price of a lifetime plan. */
  price: string;
  /** 'billed annually', 'billed every 3 months'; '' for monthly and lifetime. */
  billing: string;
  /** 'Auto-renews every month until canceled.', 'One-time payment of $149.99. Never pay again!'; '' otherwise. */
  legal: string;
  /** The 'Plan Includes' list. */
  includes: string[];
  /** Shown under the selected plan ('$79.99 charged after 7-day free trial. Cancel anytime.'); '' without a trial. */
  note: string;
  trialDays: number;
}

export interface CardTexts {
  /** Copy key of the savings badge: {percent} and {amount}. */
  saveBadge?: string | undefined;
  /** Copy key of the line under the selected plan: {price} and {days}. */
  selectedNote?: string | undefined;
}

/** Plan data by planDataKey: '' when the copy has no such entry. */
const planText = (t: Translate, offer: CardOffer, field: string) => t(`plans:plan.${offer.planDataKey}.${field}`, { defaultValue: '' });

/** Prices a parent reads as a total: whole dollars without cents ($120), others with ($79.99). */
const total = (dollars: number) => formatUsd(centsOf(dollars), { wholeDollars: 'short' });

function includesOf(t: Translate, offer: CardOffer): string[] {
  const listed: string[] = [];
  for (let i = 1; i < 20; i++) {
    const item = planText(t, offer, `includes.item${i}`);
    if (!item) break;
    listed.push(item);
  }
  if (listed.length > 0) return listed;
  if (offer.hasClasses) return [t('plans:card.premiumClasses')];
  return offer.maxChildProfiles > 1 ? [t('plans:card.childProfiles', { n: String(offer.maxChildProfiles) })] : [];
}

/** The cards of a plan list, in the order given. */
export function planCards(offers: readonly CardOffer[], t: Translate, texts: CardTexts = {}): PlanCard[] {
  return offers.map((offer) => {
    const terms = billingTerms(offer.subscriptionDuration);
    const perMonth = perMonthCents(offer);
    const lifetime = terms.kind === 'oneTimePayment';
    const trial = trialLabelParams(offer);

    let saving = '';
    const months = monthsIn(offer.subscriptionDuration);
    const against = texts.saveBadge && months !== null && months >= 12 ? comparisonOffer(offers, offer) : null;
    if (texts.saveBadge && against) {
      const percent = percentSaving(offer, against);
      const amount = savingsCents(offer, against);
      if (percent !== null && percent > 0 && amount !== null)
        saving = t(texts.saveBadge, { percent: String(percent), amount: formatUsd(amount, { wholeDollars: 'short' }) });
    }

    return {
      offer,
      title: planName(t, offer) ?? offer.id,
      flag: planText(t, offer, 'flag') || (lifetime ? t('plans:card.lifetimeFlag') : ''),
      badge: planText(t, offer, 'badge'),
      saving,
      trial: trial ? t('plans:card.trial', { n: String(trial.n), interval: t(`plans:card.interval.${trial.interval}`) }) : '',
      price:
        perMonth === null
          ? t('plans:card.oneTimePrice', { price: formatUsd(centsOf(offer.price)) })
          : t('plans:card.perMonth', { perMonth: formatUsd(perMonth) }),
      billing:
        terms.kind === 'annually'
          ? t('plans:card.billedAnnually')
          : terms.kind === 'everyNMonths'
            ? t('plans:card.billedEveryNMonths', { months: String(terms.months) })
            : '',
      legal:
        terms.kind === 'monthly'
          ? t('plans:card.monthlyRenewal')
          : lifetime
            ? t('plans:card.lifetimePayment', { price: formatUsd(centsOf(offer.price)) })
            : '',
      includes: includesOf(t, offer),
      note:
        texts.selectedNote && offer.trialDurationDays > 0
          ? t(texts.selectedNote, { price: total(offer.price), days: String(offer.trialDurationDays) })
          : '',
      trialDays: offer.trialDurationDays,
    };
  });
}
