/**
 * The offer a payment form sells: a value from the config (an offer kept in client state, an
 * id from the address or the selected-plan cookie...), looked up in the catalog when it is an
 * id. Pure but for the lookup call.
 */
import type { Backend } from '../../adapters/backend/backend.ts';
import type { Translate } from '../../runtime/copy.ts';
import { planName } from '../plans/planName.ts';
import type { offerSummaryNames } from './offerSummaryNames.ts';

/** What the form uses of a web offer, a class offer or a class add-on. */
export interface Offer {
  id: string;
  planId?: string;
  price?: number;
  subscriptionDuration?: string;
  trialDurationDays?: number;
  offerTitle?: string | null;
  planName?: string;
  name?: string;
  [field: string]: unknown;
}

export type OfferSource = 'webOffers' | 'classOffers' | 'classAddOns';

const isOffer = (v: unknown): v is Offer =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { id?: unknown }).id === 'string';

async function catalog(source: OfferSource, backend: Backend): Promise<Offer[]> {
  const list: unknown =
    source === 'classOffers'
      ? await backend.callFunction('GetMinervaOffers', {})
      : source === 'classAddOns'
        ? await backend.callFunction('GetMinervaClassAddOns', {})
        : await backend.callFunction('GetWebOffers', {});
  return Array.isArray(list) ? list.filter(isOffer) : [];
}

/**
 * The offer for `value`: an offer object as it is; an id (or a plan id) found in `source`
 * (default: the web offers); null when there is none, or the catalog cannot be read.
 */
export async function findOffer(value: unknown, source: OfferSource | undefined, backend: Backend): Promise<Offer | null> {
  if (isOffer(value)) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const wanted = String(value).trim();
  if (!wanted) return null;
  try {
    const offers = await catalog(source ?? 'webOffers', backend);
    return offers.find((o) => o.id === wanted) ?? offers.find((o) => o.planId === wanted) ?? null;
  } catch (e) {
    console.error('[payment] the offers could not be read', e);
    return null;
  }
}

/** The price in dollars with cents ("19.99"): the wallets' final total (Google Pay uses the final price). */
export function offerAmount(offer: Offer): string {
  const price = typeof offer.price === 'number' && Number.isFinite(offer.price) ? offer.price : 0;
  return price.toFixed(2);
}

/** The summary lines' placeholders (./offerSummaryNames.ts). */
export function offerSummaryParams(
  offer: Offer,
  t: Translate,
  o: { catalogTitleFirst?: boolean; todayCents: number },
): Record<(typeof offerSummaryNames)[number], string> {
  return {
    title: planName(t, offer, o) ?? String(offer.planName ?? offer.name ?? offer.id),
    price: offerAmount(offer),
    trialDays: String(offer.trialDurationDays ?? 0),
    promoDays: String(typeof offer.promoDays === 'number' ? offer.promoDays : 0),
    todayPrice: (o.todayCents / 100).toFixed(2),
  };
}
