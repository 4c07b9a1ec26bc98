/**
 * Rate limits, shared by every instance: counters live in PostgreSQL (the UNLOGGED table
 * `rate_limits`, one atomic upsert-increment statement per request) or in Redis when REDIS_URL
 * is set. On the embedded database (PGlite), which admits one process and so one server, they
 * live in that server's memory: the same limits, without a write per request.
 *
 * Each call of the contract names a policy (`rateLimit: 'login' | ...`); the function router
 * applies it before the handler runs (src/server/functions.ts), the legacy `POST /api/login`,
 * `POST /api/events` and the operators' login form too. A policy has up to three counters, each
 * a fixed window:
 *
 * - per client address: every attempt counts. Over the limit → 429 code 155 RATE_LIMITED.
 * - per account and address (login): only failed attempts count. Over the limit, that address
 *   may not try that account again until the window ends; other addresses may.
 * - per account (the email or username asked about, or the logged-in parent): for most calls
 *   every attempt counts and over the limit is refused (five reset emails an hour, say). For
 *   login only failures count, and over the limit the attempt is *slowed down*, never refused.
 *
 * Limits hold for simultaneous attempts: every counter is incremented and compared in one step
 * (one statement in PostgreSQL, INCR in Redis, one synchronous step in memory), *before* the
 * attempt. A counter of failures therefore counts failures and attempts still running: an
 * attempt reserves its slot, and gives it back (`release`) when it turns out not to be a failure
 * (or is refused by another counter). So twenty wrong passwords sent at once get exactly the
 * limit checked; the rest are refused without being tried (tests/server/rate-limit-concurrency.test.ts).
 *
 * Why login is built that way: a per-account lockout would let anyone who knows a parent's
 * email lock them out by typing wrong passwords. Here an attacker exhausts only their own
 * address's budget (per address, per account-and-address); the per-account counter makes a
 * guessing campaign spread over many addresses slow, while the parent, from an address that is
 * not limited, still logs in with the right password — a little slower at worst.
 *
 * Re-authentication (the current password asked before a password or email change) is the
 * other way round: only a holder of the parent's session can try, so failures per account are
 * refused, not slowed — a stolen session token cannot guess the password at any speed.
 *
 * Account names are hashed (SHA-256) before they become counter keys, so the counters hold no
 * email addresses.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import { CallError, ErrorCode, MessageKey, type RateLimitName } from '../../contract/index.ts';
import type { Database } from '../db/types.ts';
import { decrementRateLimitCounters, deleteEndedRateLimitWindows, incrementRateLimitCounters, readRateLimitCount } from './repository.ts';

export interface RateLimitStore {
  /** Adds one to `key`'s counter of the current window; answers the new count. */
  hit(key: string, windowSeconds: number, now: Date): Promise<number>;
  /** The counter of the current window, unchanged. */
  count(key: string, windowSeconds: number, now: Date): Promise<number>;
  /** Several `hit`s in one round trip, answered in order. */
  hitMany?(hits: readonly CounterHit[], now: Date): Promise<number[]>;
  /**
   * Takes back one `hit` of each counter, in the window of `now` (the `now` of the hits): a
   * reserved slot whose attempt did not count. Never below zero; a window already gone stays gone.
   */
  release(hits: readonly CounterHit[], now: Date): Promise<void>;
  close?(): Promise<void>;
}

export interface CounterHit {
  key: string;
  windowSeconds: number;
}

export interface Window {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitPolicy {
  /** Every attempt from one client address. */
  perIp: Window;
  /** Failed attempts for one account from one address (login): over it, refused for that address. */
  perAccountAndIpFailures?: Window;
  /** One account from anywhere. */
  perAccount?: Window & { counts: 'attempts' | 'failures'; whenOver: 'refuse' | 'slowDown' };
}

export const defaultRateLimitPolicies: Record<RateLimitName, RateLimitPolicy> = {
  login: {
    perIp: { limit: 30, windowSeconds: 10 * 60 },
    perAccountAndIpFailures: { limit: 10, windowSeconds: 15 * 60 },
    perAccount: { limit: 20, windowSeconds: 60 * 60, counts: 'failures', whenOver: 'slowDown' },
  },
  // Ten wrong passwords an hour per account, from any address (see above).
  reauthentication: {
    perIp: { limit: 30, windowSeconds: 10 * 60 },
    perAccount: { limit: 10, windowSeconds: 60 * 60, counts: 'failures', whenOver: 'refuse' },
  },
  existence: {
    perIp: { limit: 60, windowSeconds: 10 * 60 },
    perAccount: { limit: 30, windowSeconds: 10 * 60, counts: 'attempts', whenOver: 'refuse' },
  },
  codeLookup: {
    perIp: { limit: 30, windowSeconds: 10 * 60 },
    perAccount: { limit: 30, windowSeconds: 10 * 60, counts: 'attempts', whenOver: 'refuse' },
  },
  passwordReset: {
    perIp: { limit: 20, windowSeconds: 60 * 60 },
    perAccount: { limit: 5, windowSeconds: 60 * 60, counts: 'attempts', whenOver: 'refuse' },
  },
  signup: {
    perIp: { limit: 20, windowSeconds: 60 * 60 },
    perAccount: { limit: 5, windowSeconds: 60 * 60, counts: 'attempts', whenOver: 'refuse' },
  },
  // The /admin login form. Failures per operator are refused, not slowed: the report shows
  // revenue, and an operator locked out of the page still has `npm run report`.
  operatorLogin: {
    perIp: { limit: 20, windowSeconds: 15 * 60 },
    perAccountAndIpFailures: { limit: 5, windowSeconds: 15 * 60 },
    perAccount: { limit: 10, windowSeconds: 60 * 60, counts: 'failures', whenOver: 'refuse' },
  },
  // The operators' release endpoints (/api/releases…): every request carries the email and password, so
  // an address may make many, and only wrong passwords count toward refusing an operator or an address.
  operatorCredentials: {
    perIp: { limit: 600, windowSeconds: 15 * 60 },
    perAccountAndIpFailures: { limit: 5, windowSeconds: 15 * 60 },
    perAccount: { limit: 10, windowSeconds: 60 * 60, counts: 'failures', whenOver: 'refuse' },
  },
  // Writers anyone may call, each a row of the outbox: TrackUserEvent, CrmAddCustomer (per email
  // named too, so a flood about one parent from many addresses stops), SendConversionEvent.
  tracking: {
    perIp: { limit: 60, windowSeconds: 10 * 60 },
    perAccount: { limit: 30, windowSeconds: 10 * 60, counts: 'attempts', whenOver: 'refuse' },
  },
  // Forms a person fills in for our staff: BulkPurchaseGirlScoutsInfo, CodingEventRequest.
  inquiry: {
    perIp: { limit: 10, windowSeconds: 60 * 60 },
    perAccount: { limit: 5, windowSeconds: 60 * 60, counts: 'attempts', whenOver: 'refuse' },
  },
  // POST /api/events: a page view sends one or two; an address with a classroom behind it sends many.
  events: {
    perIp: { limit: 300, windowSeconds: 10 * 60 },
  },
};

/** Who is asking: the client address and, when the call names one, the account. */
export interface RateLimitSubject {
  ip: string;
  account: string | null;
}

export interface RateLimiter {
  /**
   * Runs `attempt` unless a limit of `policy` is reached (then throws 155 RATE_LIMITED).
   * `isFailure` tells which errors of `attempt` count as failed attempts (wrong password).
   */
  guard<T>(
    policy: RateLimitName,
    subject: RateLimitSubject,
    attempt: () => Promise<T>,
    isFailure?: (error: unknown) => boolean,
  ): Promise<T>;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  policies?: Partial<Record<RateLimitName, RateLimitPolicy>>;
  /** How long a slowed-down login waits (ms). */
  slowDownMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Told when a reserved slot could not be given back (the counter stays one higher until its window ends). */
  onStoreError?: (error: unknown) => void;
}

export const rateLimited = (retryAfterSeconds: number) =>
  Object.assign(
    new CallError(ErrorCode.REQUEST_LIMIT_EXCEEDED, 'Too many attempts. Please wait a few minutes and try again.', MessageKey.rateLimited),
    { retryAfterSeconds },
  );

const secondsLeft = (windowSeconds: number, now: Date) => {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return windowSeconds - (nowSeconds % windowSeconds);
};

const digest = (value: string) => createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 32);

/** One counter of a policy as one attempt meets it. */
interface Counter extends CounterHit {
  limit: number;
  whenOver: 'refuse' | 'slowDown';
  /** A failures counter: the attempt's slot is given back unless it fails. */
  reserves: boolean;
}

/** The counters `policy` moves for one attempt, in the order they are compared. */
function countersOf(name: RateLimitName, policy: RateLimitPolicy, ip: string, account: string | null): Counter[] {
  const counters: Counter[] = [{ key: `${name}:ip:${ip}`, ...policy.perIp, whenOver: 'refuse', reserves: false }];
  if (account === null) return counters;
  const pair = policy.perAccountAndIpFailures;
  if (pair) counters.push({ key: `${name}:account-ip:${account}:${ip}`, ...pair, whenOver: 'refuse', reserves: true });
  const own = policy.perAccount;
  if (own)
    counters.push({
      key: `${name}:account:${account}`,
      limit: own.limit,
      windowSeconds: own.windowSeconds,
      whenOver: own.whenOver,
      reserves: own.counts === 'failures',
    });
  return counters;
}

export function createRateLimiter(o: RateLimiterOptions): RateLimiter {
  const policies = { ...defaultRateLimitPolicies, ...o.policies };
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = o.now ?? (() => new Date());
  /** A slot not given back (the store failed) only makes the limit stricter until its window ends: the answer stands. */
  const release = async (hits: readonly CounterHit[], at: Date) => {
    if (hits.length === 0) return;
    await o.store.release(hits, at).catch((error: unknown) => o.onStoreError?.(error));
  };
  return {
    async guard(name, subject, attempt, isFailure = () => false) {
      const at = now();
      const counters = countersOf(name, policies[name], clientKey(subject.ip), subject.account ? digest(subject.account) : null);
      // Every counter moves at once, in one round trip, and each attempt compares the count its own step answered.
      const counts = await hitAll(o.store, counters, at);
      const over = counters.filter((counter, i) => (counts[i] ?? 0) > counter.limit);
      const reserved = counters.filter((counter) => counter.reserves);
      const refusing = over.find((counter) => counter.whenOver === 'refuse');
      if (refusing) {
        await release(reserved, at);
        throw rateLimited(secondsLeft(refusing.windowSeconds, at));
      }
      if (over.length > 0) await sleep(o.slowDownMs ?? 1000);

      let failed = false;
      try {
        return await attempt();
      } catch (error) {
        failed = isFailure(error);
        throw error;
      } finally {
        if (!failed) await release(reserved, at);
      }
    },
  };
}

const hitAll = async (store: RateLimitStore, hits: readonly CounterHit[], now: Date): Promise<number[]> => {
  if (hits.length > 1 && store.hitMany) return store.hitMany(hits, now);
  const counts: number[] = [];
  for (const { key, windowSeconds } of hits) counts.push(await store.hit(key, windowSeconds, now));
  return counts;
};

/**
 * The counter key of a client address: IPv4 as is, IPv6 by its /64 network (one subscriber
 * line usually has a whole /64, so rotating addresses inside it does not reset the limit).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip || 'unknown';
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const windowStart = (windowSeconds: number, now: Date) => new Date(Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds * 1000);

/**
 * PostgreSQL counters: `INSERT … ON CONFLICT DO UPDATE SET count = count + 1 RETURNING` is
 * atomic, so instances sharing the database share the limits; several counters go in one
 * statement. Windows that have ended are deleted now and then.
 */
export function createSqlRateLimitStore(db: Kysely<Database>, o: { random?: () => number } = {}): RateLimitStore {
  const random = o.random ?? Math.random;
  const hitMany = async (hits: readonly CounterHit[], now: Date): Promise<number[]> => {
    if (random() < 0.01) await deleteEndedRateLimitWindows(db, now);
    const counters = hits.map(({ key, windowSeconds }) => {
      const start = windowStart(windowSeconds, now);
      return { key, windowStart: start, expiresAt: new Date(start.getTime() + windowSeconds * 1000) };
    });
    const countOf = await incrementRateLimitCounters(db, counters);
    return hits.map(({ key }) => countOf.get(key) ?? 1);
  };
  return {
    hitMany,
    async hit(key, windowSeconds, now) {
      const [count = 1] = await hitMany([{ key, windowSeconds }], now);
      return count;
    },
    count: (key, windowSeconds, now) => readRateLimitCount(db, key, windowStart(windowSeconds, now)),
    release: (hits, now) =>
      decrementRateLimitCounters(
        db,
        hits.map(({ key, windowSeconds }) => ({ key, windowStart: windowStart(windowSeconds, now) })),
      ),
  };
}

/**
 * Counters in this process's memory, for the embedded database: PGlite admits one process, so
 * one server holds every counter there is. Ended windows are swept as the map grows.
 */
export function createMemoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  let nextSweepAt = 0;
  const slot = (key: string, windowSeconds: number, now: Date) => `${key}@${windowStart(windowSeconds, now).getTime()}`;
  const sweep = (nowMs: number) => {
    if (nowMs < nextSweepAt) return;
    for (const [k, counter] of counters) if (counter.expiresAt <= nowMs) counters.delete(k);
    nextSweepAt = nowMs + 60_000;
  };
  const hit = (key: string, windowSeconds: number, now: Date) => {
    sweep(now.getTime());
    const k = slot(key, windowSeconds, now);
    const counter = counters.get(k) ?? { count: 0, expiresAt: windowStart(windowSeconds, now).getTime() + windowSeconds * 1000 };
    counter.count += 1;
    counters.set(k, counter);
    return counter.count;
  };
  return {
    hit: async (key, windowSeconds, now) => hit(key, windowSeconds, now),
    hitMany: async (hits, now) => hits.map(({ key, windowSeconds }) => hit(key, windowSeconds, now)),
    count: async (key, windowSeconds, now) => counters.get(slot(key, windowSeconds, now))?.count ?? 0,
    release: async (hits, now) => {
      for (const { key, windowSeconds } of hits) {
        const counter = counters.get(slot(key, windowSeconds, now));
        if (counter && counter.count > 0) counter.count -= 1;
      }
    },
  };
}

/** Takes one off a counter that exists and is above zero (a DECR alone would make a gone window -1). */
const REDIS_RELEASE = `local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Redis counters (REDIS_URL): INCR and EXPIRE of every counter in one MULTI. */
export async function createRedisRateLimitStore(url: string): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  await redis.connect();
  const redisKey = (key: string, windowSeconds: number, now: Date) => `rl:${key}:${windowStart(windowSeconds, now).getTime() / 1000}`;
  const hitMany = async (hits: readonly CounterHit[], now: Date): Promise<number[]> => {
    const multi = redis.multi();
    for (const { key, windowSeconds } of hits) {
      const k = redisKey(key, windowSeconds, now);
      multi.incr(k).expire(k, windowSeconds + 5);
    }
    const results = await multi.exec();
    if (!results) throw new Error('Redis MULTI failed');
    return hits.map((_, i) => {
      const [error, count] = results[2 * i] ?? [new Error('Redis MULTI answered too little'), 0];
      if (error) throw error;
      return Number(count);
    });
  };
  return {
    hitMany,
    async hit(key, windowSeconds, now) {
      const [count = 1] = await hitMany([{ key, windowSeconds }], now);
      return count;
    },
    async count(key, windowSeconds, now) {
      return Number((await redis.get(redisKey(key, windowSeconds, now))) ?? 0);
    },
    async release(hits, now) {
      await Promise.all(hits.map(({ key, windowSeconds }) => redis.eval(REDIS_RELEASE, 1, redisKey(key, windowSeconds, now))));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
