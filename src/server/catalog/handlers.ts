/**
 * The catalog calls (plans, class offers, add-ons, bulk campaigns) and the contact forms
 * (service.ts), over the catalog's repository. The four list calls answer from memory
 * (cache.ts: dropped on import, read again after 5 s at most).
 */
import { CallError, ErrorCode } from '../../contract/index.ts';
import type { Db } from '../db/transaction.ts';
import { domainHandlers } from '../functions.ts';
import { cachedCatalogRead } from './cache.ts';
import { toDollars } from './money.ts';
import {
  DEFAULT_TAG,
  findBulkCampaign,
  findWebOffer,
  findWebOfferByPromoCode,
  listClassAddOns,
  listClassOffers,
  listDefaultPlans,
  listWebOffers,
  type Status,
  toClassAddOn,
  toMinervaOffer,
  toWebOffer,
} from './repository.ts';
import { recordContactRequest } from './service.ts';

export function catalogHandlers(db: Db, now: () => Date = () => new Date()) {
  const defaultPlans = cachedCatalogRead(async (tag) => (await listDefaultPlans(db, tag)).map(toWebOffer));
  const webOffers = cachedCatalogRead(async () => (await listWebOffers(db)).map(toWebOffer));
  const classOffers = cachedCatalogRead(async (status) => (await listClassOffers(db, status as Status)).map(toMinervaOffer));
  const classAddOns = cachedCatalogRead(async (status) => (await listClassAddOns(db, status as Status)).map(toClassAddOn));

  return domainHandlers({
    // A release preview also lists the offers its draft brings (repository.ts PreviewDraft): read, not cached.
    async GetDefaultPlans(input, context) {
      const tag = input.tag?.trim() || DEFAULT_TAG;
      if (context.previewDraftId === null) return defaultPlans(tag);
      return (await listDefaultPlans(db, tag, context.previewDraftId)).map(toWebOffer);
    },
    async GetWebOffers(_input, context) {
      if (context.previewDraftId === null) return webOffers('all');
      return (await listWebOffers(db, { previewDraft: context.previewDraftId })).map(toWebOffer);
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
      return recordContactRequest(db, 'girlScoutsInfo', input.email, input, now());
    },
    async CodingEventRequest(input) {
      return recordContactRequest(db, 'codingEvent', input.email, input, now());
    },
  });
}
