import type { Translate } from '../../runtime/copy.ts';

/** What a plan name is read from: the offer (web offer, a checkout's offer, a subscription's). */
export interface NamedOffer {
  id?: string | null | undefined;
  planDataKey?: unknown;
  offerTitle?: string | null | undefined;
  plan?: { name?: string | null } | null | undefined;
}

const copied = (t: Translate, key: string) => t(key, { defaultValue: '' });

/**
 * A plan's name in the parent's language: the offer's own name in the copy (`plans:offer.<id>`:
 * a promo price, a gift), else its planDataKey's (`plans:plan.<key>.title`, as on the plan
 * cards), else the catalog's offer title, else the gateway plan's name.
 *
 * `catalogTitleFirst` (a checkout, My Account, read in the catalog's own language): the catalog's
 * offer title comes before the planDataKey's name, so an offer a marketer named ('Annual Plan
 * at $2001') keeps its name where it was written.
 */
export function planName(t: Translate, offer: NamedOffer, o: { catalogTitleFirst?: boolean } = {}): string | null {
  const key = typeof offer.planDataKey === 'string' ? offer.planDataKey : '';
  return (
    (offer.id ? copied(t, `plans:offer.${offer.id}`) : '') ||
    (o.catalogTitleFirst ? offer.offerTitle : '') ||
    (key ? copied(t, `plans:plan.${key}.title`) : '') ||
    offer.offerTitle ||
    offer.plan?.name ||
    null
  );
}
