/**
 * The catalog calls (plans, class offers, add-ons, bulk campaigns) and the contact forms, over
 * the catalog's repository (src/server/catalog/repository.ts). The four list calls answer from
 * memory (src/server/catalog/cache.ts: dropped on import, read again after 5 s at most).
 */
import { CallError, ErrorCode } from '../contract/index.ts';
import { cachedCatalogRead } from './catalog/cache.ts';
import { toDollars } from './catalog/money.ts';
import { DEFAULT_TAG, findBulkCampaign, findWebOffer, findWebOfferByPromoCode, listClassAddOns, listClassOffers, listDefaultPlans, listWebOffers, toClassAddOn, toMinervaOffer, toWebOffer, type Status } from './catalog/repository.ts';
import { newId } from './db/ids.ts';
import type { Db } from './db/transaction.ts';
import type { Handlers } from './functions.ts';
import { enqueue } from './outbox/outbox.ts';

export const catalogCallNames = [
  'GetDefaultPlans',
  'GetWebOffers',
  'GetMinervaOffers',
  'GetMinervaClassAddOns',
  'GetWebOfferByPromoCode',
  'GetBulkPurchaseCampaign',
  'BulkPurchaseGirlScoutsInfo',
  'CodingEventRequest',
] as const;
type CatalogCallName = (typeof catalogCallNames)[number];

export function catalogHandlers(db: Db, now: () => Date = () => new Date()): Pick<Handlers, CatalogCallName> {
  /** A form without a purchase: kept in contact_requests, and an email to the team through the outbox. */
  const contactRequest = async (kind: 'girlScoutsInfo' | 'codingEvent', email: string, payload: Record<string, unknown>) => {
    const id = newId();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('contact_requests').values({ id, kind, email: email.toLowerCase(), payload: JSON.stringify(payload), created_at: now() }).execute();
      await enqueue(trx, { type: 'contactRequestEmail', payload: { requestId: id, kind, email: email.toLowerCase() } });
    });
    return { requestId: id };
  };

  const defaultPlans = cachedCatalogRead(async (tag) => (await listDefaultPlans(db, tag)).map(toWebOffer));
  const webOffers = cachedCatalogRead(async () => (await listWebOffers(db)).map(toWebOffer));
  const classOffers = cachedCatalogRead(async (status) => (await listClassOffers(db, status as Status)).map(toMinervaOffer));
  const classAddOns = cachedCatalogRead(async (status) => (await listClassAddOns(db, status as Status)).map(toClassAddOn));

  return {
    GetDefaultPlans(input) {
      return defaultPlans(input.tag?.trim() || DEFAULT_TAG);
    },
    GetWebOffers() {
      return webOffers('all');
    },
    GetMinervaOffers(input) {
      return classOffers(input.status ?? 'active');
    },
    GetMinervaClassAddOns(input) {
      return classAddOns(input.status ?? 'active');
    },
    async GetWebOfferByPromoCode(input) {
      const row = await findWebOfferByPromoCode(db, input.promoCode);
      return row ? toWebOffer(row) : null;
    },
    async GetBulkPurchaseCampaign(input) {
      const campaign = await findBulkCampaign(db, input.campaignId);
      if (!campaign) throw new CallError(ErrorCode.OBJECT_NOT_FOUND, 'No such campaign.');
      const offer = campaign.web_offer_id ? await findWebOffer(db, campaign.web_offer_id) : undefined;
      return {
        id: campaign.id,
        name: campaign.name,
        organization: campaign.organization,
        webOffer: offer ? toWebOffer(offer) : null,
        pricePerSeat: campaign.price_per_seat_cents === null ? null : toDollars(campaign.price_per_seat_cents),
        isActive: campaign.is_active,
      };
    },
    async BulkPurchaseGirlScoutsInfo(input) {
      return contactRequest('girlScoutsInfo', input.email, input);
    },
    async CodingEventRequest(input) {
      return contactRequest('codingEvent', input.email, input);
    },
  };
}
