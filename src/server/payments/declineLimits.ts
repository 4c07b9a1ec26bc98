/**
 * How many declines may reach the gateway from a caller without a session (docs/payments.md,
 * "Card testing"): 5 an hour per client address, 3 a day per card (its `uniqueNumberIdentifier`),
 * in fixed windows, on the rate limits' counters (auth/rateLimits.ts: PostgreSQL, Redis or memory).
 *
 * Only declines count, not purchases, and whether an attempt declines is known only after the
 * gateway answered. So an attempt *holds* a place in the budget before it reaches the gateway,
 * keeps it when the gateway refuses, and gives it back otherwise (`release`). Two counters per
 * budget, each only ever incremented atomically (`hit`): places held, places given back.
 *
 * An attempt reads what was given back, then takes its place (`hit`: the count of places ever
 * held, its own included) and is admitted when that count, less what was given back before it,
 * is within the limit. Every place given back before that read belongs to an attempt that held
 * earlier, so at any moment the places held and not given back number at most the limit, however
 * many attempts run at once on however many instances. An attempt refused after taking its place
 * gives it back at once; one that finds the budget spent before taking a place writes nothing.
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

const HELD = ':held';
const RELEASED = ':released';

const secondsLeft = (windowSeconds: number, now: Date) => windowSeconds - (Math.floor(now.getTime() / 1000) % windowSeconds);

// The card's identifier is Braintree's, opaque but durable: the counters keep a digest of it.
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

export function createDeclineLimits(o: { store: RateLimitStore; now?: () => Date }): DeclineLimits {
  const { store } = o;
  const now = o.now ?? (() => new Date());

  const release = async (hold: Hold) => {
    await store.hit(hold.key + RELEASED, hold.windowSeconds, hold.at);
  };

  async function admit(key: string, w: DeclineWindow): Promise<Admission> {
    const at = now();
    const refused = { ok: false, retryAfterSeconds: secondsLeft(w.windowSeconds, at) } as const;
    const [heldBefore, releasedBefore] = await Promise.all([
      store.count(key + HELD, w.windowSeconds, at),
      store.count(key + RELEASED, w.windowSeconds, at),
    ]);
    if (heldBefore - releasedBefore >= w.limit) return refused;
    const hold: Hold = { key, windowSeconds: w.windowSeconds, at };
    const held = await store.hit(key + HELD, w.windowSeconds, at);
    if (held - releasedBefore <= w.limit) return { ok: true, hold };
    await release(hold);
    return refused;
  }

  return {
    admitAddress: (ip) => admit(`declines:ip:${clientKey(ip)}`, DECLINE_LIMITS.perAddress),
    admitCard: (uniqueNumberIdentifier) => admit(`declines:card:${digest(uniqueNumberIdentifier)}`, DECLINE_LIMITS.perCard),
    release,
  };
}
