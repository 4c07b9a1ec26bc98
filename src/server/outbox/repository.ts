/** The `outbox` table. Every function takes a database or a transaction. */
import { sql } from 'kysely';
import type { Db } from '../db/transaction.ts';
import type { OutboxKind } from '../db/types.ts';

/** A message as the dispatcher hands it to an adapter. */
export interface OutboxDelivery {
  id: string;
  kind: OutboxKind;
  name: string;
  payload: Record<string, unknown>;
  secret: string | null;
  createdAt: Date;
  attempts: number;
}

export interface NewOutboxMessage {
  id: string;
  kind: OutboxKind;
  name: string;
  payload: Record<string, unknown>;
  secret: string | null;
  dedupeKey: string | null;
}

/** Adds a message; one with the dedupe key of a message already there is ignored. */
export async function insertOutboxMessage(db: Db, m: NewOutboxMessage): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      id: m.id,
      kind: m.kind,
      name: m.name,
      payload: JSON.stringify(m.payload),
      secret: m.secret,
      dedupe_key: m.dedupeKey,
      locked_until: null,
      processed_at: null,
      last_error: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Claims up to `limit` undelivered messages due at `at` that no instance holds (or whose claim
 * has run out) until `until`, counting the attempt; oldest first. Rows another transaction is
 * claiming are skipped (FOR UPDATE SKIP LOCKED), so instances never claim the same message.
 */
export async function claimDueMessages(db: Db, o: { at: Date; until: Date; limit: number }): Promise<OutboxDelivery[]> {
  const { rows } = await sql<{
    id: string;
    kind: OutboxKind;
    name: string;
    payload: unknown;
    secret: string | null;
    created_at: Date;
    attempts: number;
  }>`
      update outbox set locked_until = ${o.until}, attempts = attempts + 1
      where id in (
        select id from outbox
        where processed_at is null and available_at <= ${o.at} and (locked_until is null or locked_until < ${o.at})
        order by created_at, id limit ${o.limit}
        for update skip locked)
      returning id, kind, name, payload, secret, created_at, attempts`.execute(db);
  return rows
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      name: r.name,
      payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
      secret: r.secret,
      createdAt: new Date(r.created_at),
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** Marks the message delivered, releasing its claim and erasing its secret. */
export async function markMessageDelivered(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ processed_at: at, locked_until: null, secret: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Releases the message's claim after a failed delivery: it is due again at `availableAt`. */
export async function scheduleMessageRetry(db: Db, id: string, o: { availableAt: Date; lastError: string }): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ locked_until: null, available_at: o.availableAt, last_error: o.lastError })
    .where('id', '=', id)
    .execute();
}

/** Whether the account is a release preview's test account (migration 018); false for none or an unknown id. */
export async function isTestAccount(db: Db, userId: string | null): Promise<boolean> {
  if (userId === null) return false;
  const row = await db.selectFrom('users').select('test_data').where('id', '=', userId).executeTakeFirst();
  return row?.test_data ?? false;
}
