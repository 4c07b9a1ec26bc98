/**
 * Operators' sessions on the `/admin` pages: a random token in an HttpOnly cookie, its SHA-256
 * in `operator_sessions`, a fixed lifetime (no sliding: an operator logs in again after 12 h),
 * and a per-session CSRF token for the forms of the signed-in pages (logout).
 */
import type { Kysely } from 'kysely';
import { hashToken, newSecretToken } from '../auth/tokens.ts';
import type { Database } from '../db/types.ts';
import {
  deleteEndedOperatorSessions,
  deleteOperatorSession,
  findLiveOperatorSession,
  insertOperatorSession,
  type LiveOperatorSession,
} from './repository.ts';

export const OPERATOR_SESSION_HOURS = 12;
const SESSION_MS = OPERATOR_SESSION_HOURS * 60 * 60 * 1000;

export interface OperatorSessions {
  /** Starts a session; answers the cookie's token (the only time it exists outside the browser). */
  create(operatorId: string): Promise<string>;
  find(token: string): Promise<LiveOperatorSession | null>;
  revoke(token: string): Promise<void>;
}

export function createOperatorSessions(db: Kysely<Database>, now: () => Date = () => new Date()): OperatorSessions {
  return {
    async create(operatorId) {
      const at = now();
      // Few operators, rare logins: ended sessions are swept here rather than by a loop.
      await deleteEndedOperatorSessions(db, at);
      const token = newSecretToken();
      await insertOperatorSession(db, {
        tokenHash: hashToken(token),
        operatorId,
        csrfToken: newSecretToken(),
        at,
        expiresAt: new Date(at.getTime() + SESSION_MS),
      });
      return token;
    },
    async find(token) {
      if (!token || token.length > 256) return null;
      return findLiveOperatorSession(db, hashToken(token), now());
    },
    async revoke(token) {
      await deleteOperatorSession(db, hashToken(token));
    },
  };
}
