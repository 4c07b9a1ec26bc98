/**
 * The SQL of sessions (the `sessions` table, keyed by the token's SHA-256), of the
 * PostgreSQL rate-limit counters (the UNLOGGED table `rate_limits`) and of the keys the
 * server instances share (`server_keys`).
 */
import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/transaction.ts';

export interface NewSession {
  tokenHash: string;
  userId: string;
  at: Date;
  expiresAt: Date;
}

/** A session not yet ended, with the parent behind it. */
export interface LiveSession {
  userId: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  /** The account's version (migration 011); null when the account never changed. */
  accountVersion: string | null;
  /** Made in a release preview (migration 018). */
  testData: boolean;
}

export async function insertSession(db: Db, s: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ token_hash: s.tokenHash, user_id: s.userId, created_at: s.at, last_used_at: s.at, expires_at: s.expiresAt })
    .execute();
}

type LiveSessionRow = { id: string; email: string; test_data: boolean; created_at: Date; expires_at: Date; version: string | null };

/**
 * The session check runs before every logged-in call, and building its query with Kysely costs
 * more than the indexed read itself: its SQL is compiled once, then sent with each token's values
 * (the same dialect compiles the same text for every database and transaction).
 */
let liveSessionQuery: CompiledQuery<LiveSessionRow> | null = null;

function compiledLiveSessionQuery(db: Db): CompiledQuery<LiveSessionRow> {
  if (liveSessionQuery) return liveSessionQuery;
  const query = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('account_versions', 'account_versions.user_id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.test_data', 'sessions.created_at', 'sessions.expires_at', 'account_versions.version'])
    .where('sessions.token_hash', '=', '')
    .where('sessions.expires_at', '>', new Date(0))
    .compile();
  if (query.parameters.length !== 2) throw new Error('The session query takes a token hash and a time, in that order.');
  liveSessionQuery = query;
  return query;
}

export async function findLiveSession(db: Db, tokenHash: string, at: Date): Promise<LiveSession | undefined> {
  const query = compiledLiveSessionQuery(db);
  const [row] = (await db.executeQuery<LiveSessionRow>({ ...query, parameters: [tokenHash, at] })).rows;
  return (
    row && {
      userId: row.id,
      email: row.email,
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
      accountVersion: row.version,
      testData: row.test_data,
    }
  );
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: Date, usedAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt, last_used_at: usedAt }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes every session of the parent but the one whose hash is `keepTokenHash`, when given. */
export async function deleteSessionsOfUser(db: Db, userId: string, keepTokenHash: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) query = query.where('token_hash', '<>', keepTokenHash);
  await query.execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

/** One counter of one fixed window. */
export interface CounterWindow {
  key: string;
  windowStart: Date;
  expiresAt: Date;
}

export async function deleteEndedRateLimitWindows(db: Db, now: Date): Promise<void> {
  await sql`delete from rate_limits where expires_at < ${now}`.execute(db);
}

/**
 * Adds one to each counter in one statement (`INSERT … ON CONFLICT DO UPDATE SET count = count + 1
 * RETURNING` is atomic); answers the new counts by key.
 */
export async function incrementRateLimitCounters(db: Db, counters: readonly CounterWindow[]): Promise<Map<string, number>> {
  const rows = counters.map(({ key, windowStart, expiresAt }) => sql`(${key}, ${windowStart}, 1, ${expiresAt})`);
  const { rows: counted } = await sql<{ key: string; window_start: Date; count: number }>`
      insert into rate_limits (key, window_start, count, expires_at) values ${sql.join(rows)}
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning key, count`.execute(db);
  return new Map(counted.map((row) => [row.key, Number(row.count)]));
}

/**
 * Takes one off each counter (never below zero), one statement per counter: each holds a single
 * row's lock, so it cannot deadlock with an increment holding several.
 */
export async function decrementRateLimitCounters(db: Db, counters: readonly Omit<CounterWindow, 'expiresAt'>[]): Promise<void> {
  await Promise.all(
    counters.map(({ key, windowStart }) =>
      db
        .updateTable('rate_limits')
        .set({ count: sql`count - 1` })
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .where('count', '>', 0)
        .execute(),
    ),
  );
}

export async function readRateLimitCount(db: Db, key: string, windowStart: Date): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count from rate_limits where key = ${key} and window_start = ${windowStart}`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Stores `secret` under `name` unless a key of that name is stored already (the first one stays). */
export async function insertServerKeyIfAbsent(db: Db, name: string, secret: string): Promise<void> {
  await db
    .insertInto('server_keys')
    .values({ name, secret })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function readServerKey(db: Db, name: string): Promise<string> {
  const { secret } = await db.selectFrom('server_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return secret;
}
