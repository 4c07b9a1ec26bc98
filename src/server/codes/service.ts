/**
 * Redeeming a no-charge code (comp, gift, volume licence, bulk) in one transaction: the code is
 * spent once (repository.ts `redeemCodeOnce`, safe across instances), and the parent gets a
 * subscription for the code's months (or for life), price 0, with `comp_expires_at` or
 * `gift_expires_at`. A parent whose app plan still gives access is told so
 * (SUBSCRIPTION_ACTIVE) and keeps the code.
 */
import { trackAccountStatus } from '../accounts/accountStatus.ts';
import { givesAccess } from '../accounts/customer.ts';
import { findWebOffer } from '../catalog/repository.ts';
import type { Db } from '../db/transaction.ts';
import type { CodeKind } from '../db/types.ts';
import { enqueue } from '../outbox/outbox.ts';
import { codeAlreadyUsed, codeExpired, codeInvalid, subscriptionActive } from './errors.ts';
import { findCode, insertCodeSubscription, listSubscriptionsOfUser, redeemCodeOnce } from './repository.ts';

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

export interface Redemption {
  userId: string;
  email: string;
  /** As the parent typed it. */
  code: string;
  /** The kinds of code the call redeems; any other is refused as invalid. */
  accepted: readonly CodeKind[];
  at: Date;
}

export interface Redeemed {
  /** Null for life. */
  expiresAt: Date | null;
  isLifetime: boolean;
}

export async function redeemCode(db: Db, r: Redemption): Promise<Redeemed> {
  const { userId, at } = r;
  return db.transaction().execute(async (trx) => {
    const subscriptions = await listSubscriptionsOfUser(trx, userId);
    if (subscriptions.some((s) => s.product === 'app' && givesAccess(s, at))) throw subscriptionActive();

    const known = await findCode(trx, r.code);
    if (!known || !r.accepted.includes(known.kind)) throw codeInvalid();
    const result = await redeemCodeOnce(trx, r.code, userId, at);
    if (!result.ok) throw result.reason === 'used' ? codeAlreadyUsed() : result.reason === 'expired' ? codeExpired() : codeInvalid();
    const code = result.code;

    const offer = code.web_offer_id ? await findWebOffer(trx, code.web_offer_id) : undefined;
    const months = code.comp_months ?? offer?.gift_months ?? null;
    if (months === null) throw codeInvalid();
    const isLifetime = months === -1;
    const expiresAt = isLifetime ? null : addMonths(at, months);
    await insertCodeSubscription(trx, { userId, code, product: offer?.class_type ? 'classes' : 'app', partner: offer?.partner ?? null, expiresAt, isLifetime, at });
    await enqueue(trx, { type: 'codeRedeemed', payload: { userId, email: r.email, kind: code.kind, webOfferId: code.web_offer_id, months } });
    await trackAccountStatus(trx, { userId, email: r.email, status: 'Active Gifted', about: code.code });
    return { expiresAt, isLifetime };
  });
}
