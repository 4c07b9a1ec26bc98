/**
 * The `idempotency_keys` table: the keys of charge-creating calls and the account locks
 * (store.ts). Every function takes a database or a transaction.
 */
import type { Db } from '../../db/transaction.ts';

/** An answer as it goes out, the first time and on every replay: the body's JSON text, byte for byte. */
export interface StoredAnswer {
  status: number;
  json: string;
}

export interface IdempotencyKeyRecord {
  requestHash: string;
  status: string;
  /** null while pending, and for a completed call whose answer is not kept. */
  response: StoredAnswer | null;
  expiresAt: Date;
}

/** Inserts a pending key; true when this caller made it (of any number racing, exactly one does). */
export async function insertPendingKey(
  db: Db,
  k: { scope: string; key: string; requestHash: string; createdAt: Date; expiresAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      scope: k.scope,
      key: k.key,
      request_hash: k.requestHash,
      status: 'pending',
      response: null,
      created_at: k.createdAt,
      completed_at: null,
      expires_at: k.expiresAt,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findKey(db: Db, scope: string, key: string): Promise<IdempotencyKeyRecord | undefined> {
  const row = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
  return (
    row && { requestHash: row.request_hash, status: row.status, response: row.response as StoredAnswer | null, expiresAt: row.expires_at }
  );
}

/**
 * Restarts a pending key created before `createdBefore` as of `at` (optionally with a new hash
 * and expiry); true when this caller did.
 */
export async function takeOverPendingKey(
  db: Db,
  scope: string,
  key: string,
  o: { at: Date; createdBefore: Date; requestHash?: string; expiresAt?: Date },
): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({
      created_at: o.at,
      ...(o.requestHash !== undefined ? { request_hash: o.requestHash } : {}),
      ...(o.expiresAt !== undefined ? { expires_at: o.expiresAt } : {}),
    })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .where('created_at', '<', o.createdBefore)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Stores the call's answer (null: not kept) and marks the key completed. */
export async function completeKey(
  db: Db,
  scope: string,
  key: string,
  o: { answer: StoredAnswer | null; completedAt: Date },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    // Kept as text: jsonb would reorder the keys, and a replay is the same bytes.
    .set({ status: 'completed', response: o.answer === null ? null : JSON.stringify(o.answer), completed_at: o.completedAt })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

/** Deletes the key if it has expired as of `now`. */
export async function deleteKeyIfExpired(db: Db, scope: string, key: string, now: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('expires_at', '<=', now).execute();
}

/** Deletes the key if it is still pending. */
export async function deletePendingKey(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('status', '=', 'pending').execute();
}

/** Deletes the key if `requestHash` is still its hash (a lock's holder token). */
export async function deleteKeyWithHash(db: Db, scope: string, key: string, requestHash: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('request_hash', '=', requestHash)
    .execute();
}

/** Deletes every key expired as of `now`; answers how many. */
export async function deleteExpiredKeys(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
