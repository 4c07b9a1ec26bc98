/**
 * Idempotency keys of the charge-creating calls (`idempotent: true` in the contract), kept in
 * the `idempotency_keys` table so every server instance on one PostgreSQL shares them: the row
 * is the lock.
 *
 * - The first request with a key inserts a `pending` row (INSERT … ON CONFLICT DO NOTHING:
 *   of any number of racing requests exactly one inserts it), runs, and stores its answer —
 *   success or failure, with its HTTP status — as `completed`.
 * - A request with the same key and the same params gets that answer again (a replay). While
 *   the first one is still pending it waits for it (up to WAIT_FOR_PENDING_MS), then answers
 *   the stored answer, or 159 REQUEST_IN_PROGRESS.
 * - The same key with other params is refused (IDEMPOTENCY_KEY_REUSED): a key names one attempt.
 * - Keys are scoped by call name and caller (the parent, else the client address), and kept
 *   IDEMPOTENCY_TTL_MS (24 h); `purgeExpired` deletes older ones.
 * - A pending row older than PENDING_TAKEOVER_MS belongs to a request that died (a crash
 *   between its start and its answer: no request runs that long). The next request with that
 *   key takes it over and runs the call again — which charges nothing twice: a charge-creating
 *   call first looks for the payment intent made under its key (payments/intents/) and answers
 *   from it, reconciled with the gateway when its request died.
 * - An answer that says the outcome is not known yet (REQUEST_IN_PROGRESS) is not kept: the key
 *   is released, so the same request sent again gets the outcome once it is known.
 * - A call whose answer holds secrets (the codes of a bulk purchase) keeps no answer: a replay
 *   runs the call again, and the call answers from its payment intent and our tables.
 *
 * The same table also holds short account locks (`lockAccount`): a parent's payment calls with
 * different keys (two tabs, two cards) run one after the other, so "already subscribed" is
 * checked against what the other one did.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CallError, ErrorCode, MessageKey } from '../../../contract/index.ts';
import type { Database } from '../../db/types.ts';
import {
  completeKey,
  deleteExpiredKeys,
  deleteKeyIfExpired,
  deleteKeyWithHash,
  deletePendingKey,
  findKey,
  insertPendingKey,
  type StoredAnswer,
  takeOverPendingKey,
} from './repository.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A pending key older than this is taken to belong to a request that died. */
export const PENDING_TAKEOVER_MS = 2 * 60 * 1000;
/** How long a duplicate waits for the first request's answer. */
export const WAIT_FOR_PENDING_MS = 10_000;
/** How long a parent's second payment call waits for the first to finish. */
export const WAIT_FOR_LOCK_MS = 30_000;
export const MAX_KEY_LENGTH = 255;

/** An answer as a handler gives it: HTTP status and body (`{result}` or the failure's wire form). */
export interface CallAnswer {
  status: number;
  body: unknown;
  /** false: the outcome is not known yet; the key is released instead of keeping this answer. */
  keep?: boolean;
}

export interface IdempotentRequest {
  /** Call name and caller: `PurchaseSubscription:user:<id>`. */
  scope: string;
  key: string;
  requestHash: string;
  /** false: the answer holds secrets and is not stored; a replay runs the call again. */
  keepAnswer?: boolean;
}

export interface IdempotencyStore {
  /** Runs `execute` once per scope and key; a repeat gets the stored answer (`replayed`). */
  run(request: IdempotentRequest, execute: () => Promise<CallAnswer>): Promise<{ answer: StoredAnswer; replayed: boolean }>;
  /** Holds the account's payment lock while `fn` runs (waiting for another holder first, up to `waitMs`). */
  lockAccount<T>(userId: string, fn: () => Promise<T>, o?: { waitMs?: number }): Promise<T>;
  /** Deletes expired keys (and dead locks); answers how many. */
  purgeExpired(): Promise<number>;
}

export interface IdempotencyOptions {
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  waitForPendingMs?: number;
  waitForLockMs?: number;
  pendingTakeoverMs?: number;
}

export const idempotencyKeyRequired = (call: string) =>
  new CallError(
    ErrorCode.VALIDATION_ERROR,
    `${call} needs an Idempotency-Key header (or an _idempotencyKey field): ` +
      'one key per payment attempt, so that a retried request never charges twice.',
    MessageKey.idempotencyKeyRequired,
  );
export const idempotencyKeyInvalid = () =>
  new CallError(
    ErrorCode.VALIDATION_ERROR,
    `An Idempotency-Key is 1 to ${MAX_KEY_LENGTH} visible ASCII characters.`,
    MessageKey.idempotencyKeyRequired,
  );
export const idempotencyKeyReused = () =>
  new CallError(ErrorCode.VALIDATION_ERROR, 'This idempotency key was used for a different request.', MessageKey.idempotencyKeyReused);
export const requestInProgress = () =>
  new CallError(
    ErrorCode.DUPLICATE_REQUEST,
    'This request is still being processed. Please wait a moment, then check your account before trying again.',
    MessageKey.requestInProgress,
  );
export const accountBusy = () =>
  new CallError(
    ErrorCode.DUPLICATE_REQUEST,
    'Another payment for this account is being processed. Please wait a moment, then check your account before trying again.',
    MessageKey.requestInProgress,
  );

/** A key as sent: 1–255 visible ASCII characters, else null. */
export function validIdempotencyKey(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return value.length >= 1 && value.length <= MAX_KEY_LENGTH && /^[\x21-\x7e]+$/.test(value) ? value : null;
}

/** JSON with object keys sorted at every level: equal params give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.keys(v as Record<string, unknown>)
        .sort()
        .map((k) => [k, (v as Record<string, unknown>)[k]]),
    );
  });
}

/** SHA-256 (hex) of the canonical params. */
export function requestHash(params: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(params ?? {}))
    .digest('hex');
}

const LOCK_SCOPE = 'lock:payments';
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createIdempotencyStore(db: Kysely<Database>, o: IdempotencyOptions = {}): IdempotencyStore {
  const now = o.now ?? (() => new Date());
  const sleep = o.sleep ?? defaultSleep;
  const takeoverMs = o.pendingTakeoverMs ?? PENDING_TAKEOVER_MS;

  /** Inserts a pending row; true when this request made it. */
  const insertPending = (scope: string, key: string, hash: string, ttlMs: number) => {
    const at = now();
    return insertPendingKey(db, { scope, key, requestHash: hash, createdAt: at, expiresAt: new Date(at.getTime() + ttlMs) });
  };

  /** Takes over a pending row started before the takeover cutoff (its request died); true when this request did. */
  const takeOver = (scope: string, key: string, replace: { requestHash?: string; expiresAt?: Date }) => {
    const at = now();
    return takeOverPendingKey(db, scope, key, { at, createdBefore: new Date(at.getTime() - takeoverMs), ...replace });
  };

  /** Polls with a growing pause (50 ms … 250 ms) until `step` answers or the deadline passes. */
  const poll = async <T>(waitMs: number, step: () => Promise<T | undefined>, onTimeout: () => never): Promise<T> => {
    const deadline = Date.now() + waitMs;
    for (let pause = 50; ; pause = Math.min(pause * 2, 250)) {
      const answer = await step();
      if (answer !== undefined) return answer;
      if (Date.now() >= deadline) onTimeout();
      await sleep(pause);
    }
  };

  return {
    async run(request, execute) {
      const { scope, key, requestHash: hash } = request;
      type Decision = { kind: 'run' } | { kind: 'rerun' } | { kind: 'replay'; answer: StoredAnswer };
      const decision = await poll<Decision>(
        o.waitForPendingMs ?? WAIT_FOR_PENDING_MS,
        async () => {
          if (await insertPending(scope, key, hash, IDEMPOTENCY_TTL_MS)) return { kind: 'run' };
          const row = await findKey(db, scope, key);
          if (!row) return undefined; // purged meanwhile: insert again
          if (row.expiresAt.getTime() <= now().getTime()) {
            await deleteKeyIfExpired(db, scope, key, now());
            return undefined;
          }
          if (row.requestHash !== hash) throw idempotencyKeyReused();
          if (row.status === 'completed') return row.response === null ? { kind: 'rerun' } : { kind: 'replay', answer: row.response };
          if (await takeOver(scope, key, {})) return { kind: 'run' };
          return undefined;
        },
        () => {
          throw requestInProgress();
        },
      );
      if (decision.kind === 'replay') return { answer: decision.answer, replayed: true };

      const result = await execute();
      const answer: StoredAnswer = { status: result.status, json: JSON.stringify(result.body) };
      if (decision.kind === 'rerun') return { answer, replayed: true };
      if (result.keep === false) {
        await deletePendingKey(db, scope, key);
        return { answer, replayed: false };
      }
      await completeKey(db, scope, key, { answer: request.keepAnswer === false ? null : answer, completedAt: now() });
      return { answer, replayed: false };
    },

    async lockAccount(userId, fn, options) {
      // The holder's random token sits in request_hash: only its holder releases a lock.
      const token = randomBytes(12).toString('base64url');
      await poll<true>(
        options?.waitMs ?? o.waitForLockMs ?? WAIT_FOR_LOCK_MS,
        async () => {
          if (await insertPending(LOCK_SCOPE, userId, token, takeoverMs)) return true;
          if (await takeOver(LOCK_SCOPE, userId, { requestHash: token, expiresAt: new Date(now().getTime() + takeoverMs) })) return true;
          return undefined;
        },
        () => {
          throw accountBusy();
        },
      );
      try {
        return await fn();
      } finally {
        await deleteKeyWithHash(db, LOCK_SCOPE, userId, token);
      }
    },

    async purgeExpired() {
      return deleteExpiredKeys(db, now());
    },
  };
}
