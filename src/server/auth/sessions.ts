/**
 * Sessions, in the database so that any instance can answer any request.
 *
 * - A new token on every login: `r:` + 32 random bytes (base64url) given to the browser once;
 *   the table keeps only its SHA-256 (src/server/auth/tokens.ts).
 * - Sliding expiry: a session ends after SESSION_IDLE_DAYS (default 30) without use, and in
 *   any case SESSION_MAX_DAYS (default 365) after login. Using it pushes the idle deadline
 *   out again, written at most once a day per session so that reads stay reads.
 * - Logout deletes the session (revoked at once, on every instance); a password or email change
 *   deletes the parent's other sessions (in the change's transaction), a reset all of them.
 */

import type { Db, DbOrTrx } from '../accounts/users.ts';
import type { AuthUser } from '../functions.ts';
import { deleteExpiredSessions, deleteSession, deleteSessionsOfUser, extendSession, findLiveSession, insertSession } from './repository.ts';
import { hashToken, newSecretToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Parse's mark of a revocable session token: the Parse SDK's `logOut()` only asks the server
 * to revoke tokens that carry it.
 */
export const SESSION_TOKEN_PREFIX = 'r:';

export interface SessionOptions {
  idleDays: number;
  maxDays: number;
  now?: () => Date;
}

export interface SessionStore {
  /** Starts a session; answers the token (the only time it exists outside the browser). */
  create(userId: string): Promise<string>;
  /** The parent behind a token, or null (unknown, expired, revoked); extends an idle session. */
  authenticate(token: string): Promise<AuthUser | null>;
  revoke(token: string): Promise<void>;
  /** Ends every session of a parent but `keepToken`'s. */
  revokeAllFor(userId: string, keepToken?: string | null): Promise<void>;
  /** Deletes ended sessions (run now and then by the maintenance loop). */
  purgeExpired(): Promise<void>;
}

/** Ends every session of a parent but `keepToken`'s; inside a transaction, together with the change that calls for it. */
export async function endOtherSessions(db: DbOrTrx, userId: string, keepToken?: string | null): Promise<void> {
  await deleteSessionsOfUser(db, userId, keepToken ? hashToken(keepToken) : null);
}

export function createSessionStore(db: Db, o: SessionOptions): SessionStore {
  const now = o.now ?? (() => new Date());
  const idleMs = o.idleDays * DAY_MS;
  const maxMs = o.maxDays * DAY_MS;
  return {
    async create(userId) {
      const token = `${SESSION_TOKEN_PREFIX}${newSecretToken()}`;
      const at = now();
      await insertSession(db, { tokenHash: hashToken(token), userId, at, expiresAt: new Date(at.getTime() + Math.min(idleMs, maxMs)) });
      return token;
    },

    async authenticate(token) {
      if (!token || token.length > 256) return null;
      const at = now();
      const tokenHash = hashToken(token);
      const session = await findLiveSession(db, tokenHash, at);
      if (!session) return null;
      const slid = Math.min(at.getTime() + idleMs, session.createdAt.getTime() + maxMs);
      if (slid - session.expiresAt.getTime() > DAY_MS) await extendSession(db, tokenHash, new Date(slid), at);
      return {
        id: session.userId,
        email: session.email,
        username: session.email,
        accountVersion: session.accountVersion ?? '0',
        testData: session.testData,
      };
    },

    async revoke(token) {
      await deleteSession(db, hashToken(token));
    },

    revokeAllFor: (userId, keepToken) => endOtherSessions(db, userId, keepToken),

    async purgeExpired() {
      await deleteExpiredSessions(db, now());
    },
  };
}
