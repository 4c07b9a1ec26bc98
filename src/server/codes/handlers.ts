/**
 * The code calls: look a coupon, comp, gift, volume or bulk code up (FindWebOfferByCouponCode),
 * and redeem the no-charge ones (RedeemComp: comp and gift codes; RedeemVolumeLicense: volume
 * licence and bulk codes; service.ts). Coupons are not redeemed here: they lead to a payment.
 */
import { displayCode } from '../../domain/codes.ts';
import { findBulkCampaign, findWebOffer, toWebOffer } from '../catalog/repository.ts';
import type { Db } from '../db/transaction.ts';
import type { CodeKind } from '../db/types.ts';
import { domainHandlers, type HandlerInput, type SessionCallContext } from '../functions.ts';
import { codeState, findBatchCampaignId, findCode } from './repository.ts';
import { redeemCode } from './service.ts';

export function codesHandlers(db: Db, now: () => Date = () => new Date()) {
  const redeem = async (input: HandlerInput<'RedeemComp'>, context: SessionCallContext, accepted: readonly CodeKind[]) => {
    const { expiresAt, isLifetime } = await redeemCode(db, {
      userId: context.user.id,
      email: context.user.email,
      code: input.couponCode,
      accepted,
      at: now(),
    });
    return { redeemed: true as const, expiresAt: expiresAt ? expiresAt.toISOString() : null, isLifetime };
  };

  return domainHandlers({
    async FindWebOfferByCouponCode(input) {
      const row = await findCode(db, input.code);
      if (!row) {
        return {
          code: displayCode(input.code),
          kind: null,
          isCouponValid: false,
          isCouponCodeUsed: false,
          isCouponExpired: false,
          isLifetimeComp: false,
          isBulkPurchaseRedemption: false,
          planId: null,
          compMonths: null,
          compUntil: null,
          webOffer: null,
          campaign: null,
        };
      }
      const state = codeState(row, now());
      const offer = row.web_offer_id ? await findWebOffer(db, row.web_offer_id) : undefined;
      const campaignId = row.batch_id ? await findBatchCampaignId(db, row.batch_id) : null;
      const campaign = campaignId ? await findBulkCampaign(db, campaignId) : undefined;
      const months = row.kind === 'coupon' ? null : (row.comp_months ?? offer?.gift_months ?? null);
      return {
        code: displayCode(row.code),
        kind: row.kind,
        isCouponValid: state === 'valid',
        isCouponCodeUsed: state === 'used',
        isCouponExpired: state === 'expired',
        isLifetimeComp: months === -1,
        isBulkPurchaseRedemption: row.kind === 'bulk',
        // PlanId comes from the code's webOfferId.
        planId: row.web_offer_id,
        compMonths: months,
        compUntil: null,
        webOffer: offer ? toWebOffer(offer) : null,
        campaign: campaign ? { id: campaign.id, name: campaign.name, organization: campaign.organization } : null,
      };
    },
    RedeemComp(input, context) {
      return redeem(input, context, ['comp', 'gift']);
    },
    RedeemVolumeLicense(input, context) {
      return redeem(input, context, ['volume', 'bulk']);
    },
  });
}
