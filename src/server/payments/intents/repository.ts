/** The `payment_intents` table (migration 009). Every function takes a database or a transaction. */
import type { Transaction } from 'kysely';
import type { CallFailure } from '../../../contract/index.ts';
import type { Db } from '../../db/transaction.ts';
import type { Database, IntentKind, IntentStatus } from '../../db/types.ts';
import { type Intent, type IntentPlan, toIntent } from './plan.ts';

/** The idempotency key an intent answers to: the call's scope and key, and which part of the call. */
export interface IntentKey {
  scope: string;
  key: string;
  part: string;
}

export interface NewIntent<R> {
  id: string;
  kind: IntentKind;
  call: string;
  userId: string | null;
  key: IntentKey | null;
  releaseId: number | null;
  gateway: string;
  amountCents: number;
  plan: IntentPlan<R>;
  leaseUntil: Date;
  now: Date;
}

export async function insertIntent<R>(db: Db, i: NewIntent<R>): Promise<Intent<R>> {
  const row = await db
    .insertInto('payment_intents')
    .values({
      id: i.id,
      kind: i.kind,
      call: i.call,
      user_id: i.userId,
      idempotency_scope: i.key?.scope ?? null,
      idempotency_key: i.key?.key ?? null,
      part: i.key?.part ?? '',
      release_id: i.releaseId,
      gateway: i.gateway,
      amount_cents: i.amountCents,
      status: 'open',
      plan: JSON.stringify(i.plan),
      lease_until: i.leaseUntil,
      created_at: i.now,
      updated_at: i.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toIntent<R>(row);
}

export async function findIntent<R>(db: Db, id: string): Promise<Intent<R> | undefined> {
  const row = await db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toIntent<R>(row);
}

/** The intent made under an idempotency key for this part of the call. */
export async function intentForKey<R>(db: Db, key: IntentKey): Promise<Intent<R> | undefined> {
  const row = await db
    .selectFrom('payment_intents')
    .selectAll()
    .where('idempotency_scope', '=', key.scope)
    .where('idempotency_key', '=', key.key)
    .where('part', '=', key.part)
    .executeTakeFirst();
  return row && toIntent<R>(row);
}

/** The intents made under an idempotency key (one per part), oldest first. */
export async function intentsForKey<R>(db: Db, key: Omit<IntentKey, 'part'>): Promise<Intent<R>[]> {
  const rows = await db
    .selectFrom('payment_intents')
    .selectAll()
    .where('idempotency_scope', '=', key.scope)
    .where('idempotency_key', '=', key.key)
    .orderBy('created_at')
    .orderBy('part')
    .execute();
  return rows.map((row) => toIntent<R>(row));
}

/** The intent row, locked for the rest of the transaction. */
export async function lockIntent<R>(trx: Transaction<Database>, id: string): Promise<Intent<R>> {
  return toIntent<R>(await trx.selectFrom('payment_intents').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow());
}

/**
 * Takes an open intent whose lease has run out (its request died or gave up) for `leaseMs`:
 * true when this caller now holds it. Of any number of callers at once, one does.
 */
export async function claimIntent(db: Db, id: string, now: Date, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .updateTable('payment_intents')
    .set((eb) => ({ lease_until: new Date(now.getTime() + leaseMs), attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Open intents whose lease has run out, oldest first. */
export async function dueIntents(db: Db, now: Date, limit: number): Promise<{ id: string; user_id: string | null }[]> {
  return db
    .selectFrom('payment_intents')
    .select(['id', 'user_id'])
    .where('status', '=', 'open')
    .where('lease_until', '<', now)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The parent's open intents. */
export async function openIntentsOf<R>(db: Db, userId: string): Promise<Intent<R>[]> {
  const rows = await db
    .selectFrom('payment_intents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => toIntent<R>(row));
}

export interface Resolution {
  status: Exclude<IntentStatus, 'open'>;
  by: 'request' | 'reconciliation';
  outcome?: unknown;
  answer?: unknown;
  failure?: CallFailure | null;
  now: Date;
}

export async function resolveIntentRow(trx: Transaction<Database>, id: string, r: Resolution): Promise<void> {
  await trx
    .updateTable('payment_intents')
    .set({
      status: r.status,
      resolved_by: r.by,
      resolved_at: r.now,
      updated_at: r.now,
      ...(r.outcome !== undefined ? { outcome: JSON.stringify(r.outcome) } : {}),
      ...(r.answer !== undefined ? { answer: JSON.stringify(r.answer) } : {}),
      ...(r.failure ? { failure: JSON.stringify(r.failure) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Makes a closed intent open again, due for reconciliation at once (money was found held after it closed). */
export async function reopenIntent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ status: 'open', lease_until: now, resolved_at: null, resolved_by: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}
