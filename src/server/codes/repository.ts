/**
 * Single-use codes: insert them (codes/service.ts `createCodes`: the codes CLI, purchases; the demo
 * seed), look them up, redeem them once. Every function takes a database or a transaction.
 *
 * Redemption is one conditional UPDATE (… WHERE code = $1 AND redeemed_at IS NULL AND not
 * expired RETURNING *): PostgreSQL's row lock makes a second, concurrent UPDATE of the same
 * row re-check `redeemed_at` after the first commits, so of any number of attempts, on any
 * number of instances, exactly one succeeds.
 */
import type { Insertable } from 'kysely';
import { canonicalCode } from '../../domain/codes.ts';
import type { Db } from '../db/transaction.ts';
import type { CodeBatchesTable, CodeRow, CodesTable } from '../db/types.ts';

/** Inserts the codes no other code has already taken (ON CONFLICT DO NOTHING); answers the ones inserted. */
export async function insertCodesNotTaken(db: Db, rows: Insertable<CodesTable>[]): Promise<string[]> {
  const inserted = await db
    .insertInto('codes')
    .values(rows)
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .execute();
  return inserted.map((row) => row.code);
}

/** Inserts a batch unless one with its id exists (the demo seed's fixed batches). */
export async function insertCodeBatchIfAbsent(db: Db, batch: Insertable<CodeBatchesTable>): Promise<void> {
  await db
    .insertInto('code_batches')
    .values(batch)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The code's record, looked up in canonical form (any case, with or without dashes). */
export async function findCode(db: Db, code: string): Promise<CodeRow | undefined> {
  return db.selectFrom('codes').selectAll().where('code', '=', canonicalCode(code)).executeTakeFirst();
}

export type CodeState = 'valid' | 'used' | 'expired';

/** Whether a code can still be redeemed at `now`. */
export function codeState(row: CodeRow, now: Date = new Date()): CodeState {
  if (row.redeemed_at !== null) return 'used';
  if (row.expires_at !== null && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

export type RedeemResult =
  | { ok: true; code: CodeRow }
  /** unknown: no such code; used: already redeemed (`code.redeemed_by_user_id` says by whom); expired. */
  | { ok: false; reason: 'unknown' | 'used' | 'expired'; code?: CodeRow };

/**
 * Marks the code redeemed by `userId`, once: of concurrent attempts on one code (from any
 * number of server instances) exactly one gets `ok: true`. Call it inside the transaction that
 * grants what the code gives, so both happen or neither.
 */
export async function redeemCodeOnce(db: Db, code: string, userId: string, now: Date = new Date()): Promise<RedeemResult> {
  const canonical = canonicalCode(code);
  const redeemed = await db
    .updateTable('codes')
    .set({ redeemed_at: now, redeemed_by_user_id: userId })
    .where('code', '=', canonical)
    .where('redeemed_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returningAll()
    .executeTakeFirst();
  if (redeemed) return { ok: true, code: redeemed };
  const row = await findCode(db, canonical);
  if (!row) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: codeState(row, now) === 'expired' ? 'expired' : 'used', code: row };
}

/** The bulk campaign a batch's codes were made for; null when none (or no such batch). */
export async function findBatchCampaignId(db: Db, batchId: string): Promise<string | null> {
  const batch = await db.selectFrom('code_batches').select('campaign_id').where('id', '=', batchId).executeTakeFirst();
  return batch?.campaign_id ?? null;
}

/**
 * Deletes the demo seed's codes nobody redeemed and no subscription names (their batches stay);
 * answers how many went.
 */
export async function deleteUnredeemedDemoCodes(db: Db): Promise<number> {
  const removed = await db
    .deleteFrom('codes')
    .where('batch_id', 'in', (eb) => eb.selectFrom('code_batches').select('code_batches.id').where('code_batches.source', '=', 'demo'))
    .where('redeemed_at', 'is', null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('subscriptions').select('subscriptions.id').whereRef('subscriptions.code', '=', 'codes.code'))),
    )
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** Inserts a batch of codes (what they give, who made them). */
export async function insertCodeBatch(db: Db, batch: Insertable<CodeBatchesTable>): Promise<void> {
  await db.insertInto('code_batches').values(batch).execute();
}

/** The codes (canonical) an order bought: those of the batch its payment made, in a stable order. */
export async function findCodesOfOrder(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('codes')
    .innerJoin('code_batches', 'code_batches.id', 'codes.batch_id')
    .select('codes.code')
    .where('code_batches.payment_id', '=', orderId)
    .orderBy('codes.code')
    .execute();
  return rows.map((row) => row.code);
}

/** A coupon the parent redeemed for a purchase that did not happen is unredeemed again. */
export async function releaseCoupon(db: Db, code: string, userId: string): Promise<void> {
  await db
    .updateTable('codes')
    .set({ redeemed_at: null, redeemed_by_user_id: null })
    .where('code', '=', code)
    .where('redeemed_by_user_id', '=', userId)
    .execute();
}
