/**
 * How many declines may reach the gateway from a caller without a session (docs/payments.md,
 * "Card testing"): 5 an hour per client address, 3 a day per card (its `uniqueNumberIdentifier`),
 * in fixed windows, on the rate limits' counters (auth/rateLimits.ts: PostgreSQL, Redis or memory).
 *
 * Only declines count, not purchases, and whether an attempt declines is known only after the
 * gateway answered. So an attempt *holds* a place before it reaches the gateway — the counter is
 * incremented and the count it answers compared with the limit, in one step (`hit`), so however
 * many attempts run at once on however many instances, at most the limit are admitted — keeps it
 * when the gateway refuses, and gives it back otherwise (`release`), as the rate limits' failure
 * counters do.
 */
import { createHash } from 'node:crypto';
import { clientKey, type RateLimitStore } from '../auth/rateLimits.ts';

interface DeclineWindow {
  limit: number;
  windowSeconds: number;
}

const DECLINE_LIMITS: { perAddress: DeclineWindow; perCard: DeclineWindow } = {
  perAddress: { limit: 5, windowSeconds: 60 * 60 },
  perCard: { limit: 3, windowSeconds: 24 * 60 * 60 },
};

/** A place held in a budget; given back in the window it was taken in. */
export interface Hold {
  key: string;
  windowSeconds: number;
  at: Date;
}

export type Admission = { ok: true; hold: Hold } | { ok: false; retryAfterSeconds: number };

export interface DeclineLimits {
  /** A place in the client address's budget (IPv6 by its /64, as the rate limits count addresses). */
  admitAddress(ip: string): Promise<Admission>;
  /** A place in the card's budget. */
  admitCard(uniqueNumberIdentifier: string): Promise<Admission>;
  /** Gives a place back: the attempt that held it was not declined. */
  release(hold: Hold): Promise<void>;
}

const secondsLeft = (windowSeconds: number, now: Date) => windowSeconds - (Math.floor(now.getTime() / 1000) % windowSeconds);

// The card's identifier is Braintree's, opaque but durable: the counters keep a digest of it.
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

export function createDeclineLimits(o: { store: RateLimitStore; now?: () => Date }): DeclineLimits {
  const { store } = o;
  const now = o.now ?? (() => new Date());

  const release = (hold: Hold) => store.release([{ key: hold.key, windowSeconds: hold.windowSeconds }], hold.at);

  async function admit(key: string, w: DeclineWindow): Promise<Admission> {
    const at = now();
    const hold: Hold = { key, windowSeconds: w.windowSeconds, at };
    if ((await store.hit(key, w.windowSeconds, at)) <= w.limit) return { ok: true, hold };
    await release(hold);
    return { ok: false, retryAfterSeconds: secondsLeft(w.windowSeconds, at) };
  }

  return {
    admitAddress: (ip) => admit(`declines:ip:${clientKey(ip)}`, DECLINE_LIMITS.perAddress),
    admitCard: (uniqueNumberIdentifier) => admit(`declines:card:${digest(uniqueNumberIdentifier)}`, DECLINE_LIMITS.perCard),
    release,
  };
}
