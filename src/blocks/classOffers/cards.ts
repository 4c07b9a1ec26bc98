/** What a class offer card shows (its price and trial), pure. */
import type { MinervaOffer } from '../../contract/entities.ts';

export type ClassOfferDuration = 'monthly' | 'quarterly' | '6Month' | 'annual';

export interface ClassOfferCard {
  id: string;
  classType: 'live' | 'onDemand';
  title: string;
  subtitle: string | null;
  /** The price with cents, no currency sign ("49.99", "35.00"). */
  price: string;
  duration: ClassOfferDuration;
  months: number;
  trialDays: number;
}

const MONTHS: Record<ClassOfferDuration, number> = { monthly: 1, quarterly: 3, '6Month': 6, annual: 12 };
const isDuration = (d: string): d is ClassOfferDuration => d in MONTHS;

/** Active class offers as cards: live ones first, then on-demand from the shortest duration; unknown durations are left out. */
export function offerCards(offers: readonly MinervaOffer[]): ClassOfferCard[] {
  return offers
    .filter((o) => o.isActive !== false && isDuration(o.subscriptionDuration))
    .map((o) => {
      const duration = o.subscriptionDuration as ClassOfferDuration;
      return {
        id: o.id,
        classType: o.classType,
        title: o.plan?.name ?? o.offerTitle ?? o.id,
        subtitle: o.offerSubtitle ?? null,
        price: Number(o.price).toFixed(2),
        duration,
        months: MONTHS[duration],
        trialDays: o.trialDurationDays ?? 0,
      };
    })
    .sort((a, b) => (a.classType === b.classType ? a.months - b.months : a.classType === 'live' ? -1 : 1));
}
