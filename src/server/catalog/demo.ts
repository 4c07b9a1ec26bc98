/**
 * Demo codes with fixed values, listed in the README, so anyone trying the app can redeem
 * each kind of code. Seeded when a new embedded database gets its catalog outside production
 * (`DEMO_CODES=on` forces it on PostgreSQL and in production, `off` skips it). Each code is
 * single-use like any other: there are three of most, and `npm run codes` makes more.
 *
 * Seeding is idempotent (fixed batch ids and codes, ON CONFLICT DO NOTHING); codes whose offer
 * is not in the catalog are skipped. With demo codes off, the unredeemed ones are removed at
 * start: anyone can read their values, so a database seeded in development and then run in
 * production must not honour them.
 */
import { canonicalCode } from '../../domain/codes.ts';
import { deleteUnredeemedDemoCodes, insertCodeBatchIfAbsent, insertCodesNotTaken } from '../codes/repository.ts';
import type { Db } from '../db/transaction.ts';
import type { CodeKind } from '../db/types.ts';
import { listBulkCampaignIds, listWebOfferIds } from './repository.ts';

export interface DemoBatch {
  id: string;
  kind: CodeKind;
  webOfferId: string;
  months: number | null;
  campaignId?: string;
  expiresAt?: string;
  /** As a parent types them (dashes optional). */
  codes: string[];
  gives: string;
}

const three = (stem: string) => [1, 2, 3].map((n) => `${stem}${String(n).padStart(4, '0')}`);

export const DEMO_BATCHES: DemoBatch[] = [
  {
    id: 'demo-comp-lifetime',
    kind: 'comp',
    webOfferId: 'comp_premium',
    months: -1,
    codes: three('CSCP-DEMO-LIFE-'),
    gives: 'a lifetime complimentary membership',
  },
  {
    id: 'demo-comp-3-months',
    kind: 'comp',
    webOfferId: 'comp_premium',
    months: 3,
    codes: three('CSCP-DEMO-3MOS-'),
    gives: 'a 3-month complimentary membership',
  },
  {
    id: 'demo-coupon-annual',
    kind: 'coupon',
    webOfferId: 'coupon_annual',
    months: null,
    codes: three('CSDE-MO00-'),
    gives: 'the annual plan at $49.99 instead of $79.99 (paid on /promo-payment)',
  },
  {
    id: 'demo-coupon-expired',
    kind: 'coupon',
    webOfferId: 'coupon_annual',
    months: null,
    expiresAt: '2020-01-01T00:00:00Z',
    codes: ['CSDE-MOEX-0001'],
    gives: 'nothing: it expired on 1 January 2020',
  },
  {
    id: 'demo-volume',
    kind: 'volume',
    webOfferId: 'volume_12_months',
    months: 12,
    codes: three('CVDE-MO00-'),
    gives: 'a 12-month volume licence seat',
  },
  { id: 'demo-gift', kind: 'gift', webOfferId: 'gift_12_months', months: 12, codes: three('GIFTDEMO'), gives: 'a 12-month gift' },
  {
    id: 'demo-bulk',
    kind: 'bulk',
    webOfferId: 'edu_12_months',
    months: 12,
    campaignId: 'girl-scouts',
    codes: three('EDUDEMO'),
    gives: 'a 12-month education seat (Girl Scouts campaign)',
  },
];

/** Seeds the demo codes; returns how many codes were added (0 when they were already there). */
export async function seedDemoCodes(db: Db, log?: (message: string) => void): Promise<number> {
  const offers = new Set(await listWebOfferIds(db));
  const campaigns = new Set(await listBulkCampaignIds(db));
  let added = 0;
  for (const batch of DEMO_BATCHES) {
    if (!offers.has(batch.webOfferId)) {
      log?.(`Demo codes ${batch.id} skipped: the catalog has no offer '${batch.webOfferId}'.`);
      continue;
    }
    const campaignId = batch.campaignId && campaigns.has(batch.campaignId) ? batch.campaignId : null;
    await insertCodeBatchIfAbsent(db, {
      id: batch.id,
      kind: batch.kind,
      quantity: batch.codes.length,
      web_offer_id: batch.webOfferId,
      comp_months: batch.months,
      expires_at: batch.expiresAt ?? null,
      campaign_id: campaignId,
      source: 'demo',
      note: `Demo: ${batch.gives}`,
    });
    const inserted = await insertCodesNotTaken(
      db,
      batch.codes.map((code) => ({
        code: canonicalCode(code),
        kind: batch.kind,
        batch_id: batch.id,
        web_offer_id: batch.webOfferId,
        comp_months: batch.months,
        expires_at: batch.expiresAt ?? null,
      })),
    );
    added += inserted.length;
  }
  if (added > 0) log?.(`Database: seeded ${added} demo codes (see README, "Demo codes").`);
  return added;
}

/**
 * Deletes the demo codes nobody redeemed (their batches stay, as do redeemed codes and the
 * subscriptions they gave); answers how many went.
 */
export async function removeUnredeemedDemoCodes(db: Db, log?: (message: string) => void): Promise<number> {
  const count = await deleteUnredeemedDemoCodes(db);
  if (count > 0) log?.(`Database: removed ${count} unredeemed demo codes: demo codes are off (DEMO_CODES; see README, "Demo codes").`);
  return count;
}
