/**
 * Checkout attempts: the Idempotency-Key of a payment block's charge (PurchaseSubscription,
 * SubscribeToMinervaClasses, CreateClassAddOnSubscription, UpdateCreditCard), and the request
 * sent under it while its answer is not known.
 *
 * - One key per attempt, random, made when the parent starts paying (Join Now, a wallet).
 * - The same key while the attempt lasts: a double click sends nothing more; a request whose
 *   answer never came (the network, a server error, the page reloaded) is sent again as it was
 *   — same key, same params — so the server answers its first answer instead of charging again.
 * - A new key only after a definitive answer: success (the next purchase is another one), or a
 *   refusal the parent can fix (a decline, a wrong security code...).
 *
 * Kept in session storage (the tab), per payment block, so a reload finds the attempt again.
 */

import { type KeyValueStorage, readJson, writeJson } from '../browser/storage.ts';
import type { CallName } from '../contract/calls.ts';
import { TOO_MANY_DECLINES_KEY } from '../contract/messageKeys.ts';
import { CallError, ErrorCode } from '../contract/wire.ts';
import type { ActionServices } from './actions.ts';

/** A request sent under the attempt's key whose answer is not known yet. */
export interface PendingCharge {
  fn: string;
  input: Record<string, unknown>;
  /** What the block's actions read as `payment.*` when the request was made. */
  payment: Record<string, unknown>;
  sentAt: number;
}

interface StoredAttempt {
  key: string;
  startedAt: number;
  pending?: PendingCharge;
}

/** Parse codes whose answer does not say what happened to the charge: send the same request again. */
const UNKNOWN_OUTCOME_CODES = new Set<number>([
  ErrorCode.CONNECTION_FAILED, // no answer at all
  ErrorCode.INTERNAL_SERVER_ERROR,
  ErrorCode.REQUEST_LIMIT_EXCEEDED,
  ErrorCode.DUPLICATE_REQUEST, // the first request with this key (or another payment of the account) is still running
]);
/** Still running on the server: ask again shortly. */
export const IN_PROGRESS_CODE = ErrorCode.DUPLICATE_REQUEST;

/** Did the server answer for sure (success or a refusal), or is the charge's fate unknown? */
export function failureOutcome(error: unknown): 'refused' | 'unknown' {
  if (!(error instanceof CallError)) return 'unknown';
  // A 429 that is final: too many declines, nothing tried (the same request would be refused again).
  if (error.messageKey === TOO_MANY_DECLINES_KEY) return 'refused';
  if (UNKNOWN_OUTCOME_CODES.has(error.code) || error.code >= 500) return 'unknown';
  return 'refused';
}

/** How long a request without an answer is worth sending again (the server keeps its answer longer). */
export const PENDING_TTL_MS = 60 * 60 * 1000;

export const CHECKOUT_STORAGE_PREFIX = 'checkoutAttempt:';

export interface CheckoutAttempts {
  /** The attempt's key; starts an attempt (a new random key) when there is none. */
  key(): string;
  /** The key of the attempt under way, if any. */
  current(): string | null;
  /** A request sent under the key whose answer never came (not older than PENDING_TTL_MS). */
  pending(): PendingCharge | null;
  /** Before sending: the request, so that it can be sent again as it was. */
  sending(charge: Omit<PendingCharge, 'sentAt'>): void;
  /** The server answered success: the attempt is over. */
  succeeded(): void;
  /** The server refused (a decline...): the attempt is over; the next one gets a new key. */
  refused(): void;
}

function randomKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function createCheckoutAttempts(
  storage: KeyValueStorage,
  blockId: string,
  o: { newKey?: () => string; now?: () => number } = {},
): CheckoutAttempts {
  const storageKey = CHECKOUT_STORAGE_PREFIX + blockId;
  const now = o.now ?? Date.now;
  const newKey = o.newKey ?? randomKey;
  const read = (): StoredAttempt | null => {
    const v = readJson(storage, storageKey);
    return v && typeof v === 'object' && typeof (v as StoredAttempt).key === 'string' ? (v as StoredAttempt) : null;
  };
  const end = () => storage.removeItem(storageKey);
  return {
    key() {
      const attempt = read();
      if (attempt) return attempt.key;
      const started: StoredAttempt = { key: `checkout-${newKey()}`, startedAt: now() };
      writeJson(storage, storageKey, started);
      return started.key;
    },
    current: () => read()?.key ?? null,
    pending() {
      const p = read()?.pending;
      if (!p) return null;
      if (now() - p.sentAt > PENDING_TTL_MS) {
        end();
        return null;
      }
      return p;
    },
    sending(charge) {
      const attempt = read() ?? { key: `checkout-${newKey()}`, startedAt: now() };
      writeJson(storage, storageKey, { ...attempt, pending: { ...charge, sentAt: now() } });
    },
    succeeded: end,
    refused: end,
  };
}

/** While the server says the first request under the key is still running, ask again after these pauses. */
const IN_PROGRESS_RETRY_MS = [1000, 2000, 3000, 4000, 5000];

export interface ChargeOptions {
  attempts: CheckoutAttempts;
  /** What the block's actions read as `payment.*`. */
  payment: Record<string, unknown>;
  /** The request of an earlier try whose answer never came: sent again as it was. */
  resend?: PendingCharge | undefined;
  signal?: AbortSignal | undefined;
  /** The server refused the charge (a decline...), with the request that was refused. */
  onRefused?: (error: unknown, request: Omit<PendingCharge, 'sentAt'>) => void;
}

/**
 * The runtime's services for a payment block's actions: `payment.*` in the facts, and every
 * charge-creating call (one the actions send with a key) sent under the attempt's key instead —
 * recorded before it is sent, sent again as it was while the server says it is still running,
 * and ending the attempt on a definitive answer. Any block that charges can use it.
 */
export function chargeServices(services: ActionServices, o: ChargeOptions): ActionServices {
  const { attempts, payment, resend, signal } = o;
  return {
    ...services,
    facts: (scope) => services.facts({ ...scope, payment: scope.payment ?? payment }),
    call: async (fn, input, idempotencyKey) => {
      if (idempotencyKey === undefined) return services.call(fn, input);
      const request = resend && resend.fn === fn ? resend : { fn, input, payment };
      const key = attempts.key();
      attempts.sending({ fn: request.fn, input: request.input, payment: request.payment });
      for (let i = 0; ; i++) {
        try {
          const result = await services.call(request.fn as CallName, request.input, key);
          attempts.succeeded();
          return result;
        } catch (e) {
          const waitMs = IN_PROGRESS_RETRY_MS[i];
          if ((e as { code?: unknown }).code === IN_PROGRESS_CODE && waitMs !== undefined && (await services.sleep(waitMs, signal)))
            continue;
          if (failureOutcome(e) === 'refused') {
            attempts.refused();
            o.onRefused?.(e, request);
          }
          throw e;
        }
      }
    },
  };
}
