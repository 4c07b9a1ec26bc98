/**
 * The code calls: look a coupon, comp, gift, volume or bulk code up (FindWebOfferByCouponCode),
 * and redeem the no-charge ones (RedeemComp: comp and gift codes; RedeemVolumeLicense: volume
 * licence and bulk codes). Coupons are not redeemed here: they lead to a payment.
 *
 * A redemption happens in one transaction: the code is spent once (src/server/codes/repository.ts
 * `redeemCodeOnce`, safe across instances), and the parent gets a subscription for the code's
 * months (or for life), price 0, with `comp_expires_at` or `gift_expires_at`. A parent whose app
 * plan still gives access is told so (SUBSCRIPTION_ACTIVE) and keeps the code.
 */
import { CallError, ErrorCode, MessageKey } from '../contract/index.ts';
import { displayCode } from '../domain/codes.ts';
import { givesAccess } from './accounts/customer.ts';
import { findBulkCampaign, findWebOffer, toWebOffer } from './catalog/repository.ts';
import { codeState, findCode, redeemCodeOnce } from './codes/repository.ts';
import { newId } from './db/ids.ts';
import type { Db } from './db/transaction.ts';
import type { CodeKind } from './db/types.ts';
import type { Handlers, HandlerInput, SessionCallContext } from './functions.ts';
import { enqueue } from './outbox/outbox.ts';
import { trackAccountStatus } from './accounts/accountStatus.ts';

export const codesCallNames = ['FindWebOfferByCouponCode', 'RedeemComp', 'RedeemVolumeLicense'] as const;
type CodesCallName = (typeof codesCallNames)[number];

export const codeInvalid = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This code is not valid.', MessageKey.codeInvalid);
/** Spec §8: the browser looks for 'already used' in the message. */
export const codeAlreadyUsed = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This code was already used.', MessageKey.codeAlreadyUsed);
export const codeExpired = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This code has expired.', MessageKey.codeExpired);
export const subscriptionActive = () => new CallError(ErrorCode.SCRIPT_FAILED, "It seems your subscription hasn't expired yet.", MessageKey.subscriptionActive);

/** `months` calendar months after `from` (UTC); the day is kept where the month has it, else its last day. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const sourceOf: Record<CodeKind, 'comp' | 'gift' | 'volume' | 'bulk'> = { coupon: 'comp', comp: 'comp', gift: 'gift', volume: 'volume', bulk: 'bulk' };

export function codesHandlers(db: Db, now: () => Date = () => new Date()): Pick<Handlers, CodesCallName> {
  const redeem = async (input: HandlerInput<'RedeemComp'>, context: SessionCallContext, accepted: readonly CodeKind[]) => {
    const at = now();
    const userId = context.user.id;
    return db.transaction().execute(async (trx) => {
      const subscriptions = await trx.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
      if (subscriptions.some((s) => s.product === 'app' && givesAccess(s, at))) throw subscriptionActive();

      const known = await findCode(trx, input.couponCode);
      if (!known || !accepted.includes(known.kind)) throw codeInvalid();
      const result = await redeemCodeOnce(trx, input.couponCode, userId, at);
      if (!result.ok) throw result.reason === 'used' ? codeAlreadyUsed() : result.reason === 'expired' ? codeExpired() : codeInvalid();
      const code = result.code;

      const offer = code.web_offer_id ? await findWebOffer(trx, code.web_offer_id) : undefined;
      const months = code.comp_months ?? offer?.gift_months ?? null;
      if (months === null) throw codeInvalid();
      const isLifetime = months === -1;
      const expiresAt = isLifetime ? null : addMonths(at, months);
      const isGift = code.kind === 'gift';
      await trx
        .insertInto('subscriptions')
        .values({
          id: newId(),
          user_id: userId,
          customer_id: null,
          web_offer_id: code.web_offer_id,
          class_add_on_id: null,
          product: offer?.class_type ? 'classes' : 'app',
          status: 'Active',
          store: 'WebStore',
          price_cents: 0,
          trial_duration_days: 0,
          first_billing_date: null,
          next_billing_date: null,
          term_expires_at: null,
          comp_expires_at: isGift ? null : expiresAt,
          gift_expires_at: isGift ? expiresAt : null,
          is_lifetime: isLifetime,
          is_gifted: isGift,
          source: sourceOf[code.kind],
          code: code.code,
          gateway_subscription_id: null,
          payment_method_id: null,
          partner: offer?.partner ?? null,
          canceled_at: null,
          cancel_reason: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await enqueue(trx, { type: 'codeRedeemed', payload: { userId, email: context.user.email, kind: code.kind, webOfferId: code.web_offer_id, months } });
      await trackAccountStatus(trx, { userId, email: context.user.email, status: 'Active Gifted', about: code.code });
      return { redeemed: true as const, expiresAt: expiresAt ? expiresAt.toISOString() : null, isLifetime };
    });
  };

  return {
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
      const batch = row.batch_id ? await db.selectFrom('code_batches').select('campaign_id').where('id', '=', row.batch_id).executeTakeFirst() : undefined;
      const campaign = batch?.campaign_id ? await findBulkCampaign(db, batch.campaign_id) : undefined;
      const months = row.kind === 'coupon' ? null : (row.comp_months ?? offer?.gift_months ?? null);
      return {
        code: displayCode(row.code),
        kind: row.kind,
        isCouponValid: state === 'valid',
        isCouponCodeUsed: state === 'used',
        isCouponExpired: state === 'expired',
        isLifetimeComp: months === -1,
        isBulkPurchaseRedemption: row.kind === 'bulk',
        // Spec §3 "Comp offer": planId comes from the code's webOfferId.
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
  };
}
