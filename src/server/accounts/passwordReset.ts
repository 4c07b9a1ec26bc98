/**
 * Password reset by an emailed one-time token:
 * - the request (RequestBeginPasswordReset, RequestPasswordResetLegacy) always answers success,
 *   whether or not the email has an account, so it cannot be used to find accounts;
 * - the token is 32 bytes from the CSPRNG, stored as its SHA-256, valid for one hour and once;
 *   the email (with the link /reset-password?token=…) goes to the outbox in the same transaction;
 * - VerifyBeginPasswordReset sets the new password, spends the token and every other open token
 *   of the parent, queues the notice that the password was reset, and ends all the parent's sessions.
 * Both emails are in the account's language (./securityNotices.ts).
 */
import { CallError, ErrorCode, MessageKey } from '../../contract/index.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionStore } from '../auth/sessions.ts';
import { hashToken, newSecretToken } from '../auth/tokens.ts';
import { enqueue } from '../outbox/outbox.ts';
import {
  findUserByEmail,
  findUserById,
  insertPasswordResetToken,
  spendOpenPasswordResetTokensOf,
  spendPasswordResetToken,
  updatePasswordHash,
} from './repository.ts';
import { accountLocale, queuePasswordNotice } from './securityNotices.ts';
import { type Db, normalizeLogin } from './users.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const resetTokenInvalid = () =>
  new CallError(
    ErrorCode.VALIDATION_ERROR,
    'This password reset link is invalid or has expired. Please request a new one.',
    MessageKey.resetTokenInvalid,
  );

export async function requestPasswordReset(db: Db, email: string, at: Date, via: 'unified' | 'legacy'): Promise<void> {
  const user = await findUserByEmail(db, normalizeLogin(email));
  if (!user) return;
  const token = newSecretToken();
  await db.transaction().execute(async (trx) => {
    await insertPasswordResetToken(trx, {
      tokenHash: hashToken(token),
      userId: user.id,
      at,
      expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
    });
    await enqueue(trx, {
      type: 'passwordResetEmail',
      payload: { to: user.email, userId: user.id, locale: accountLocale(user), via, expiresInMinutes: RESET_TOKEN_TTL_MS / 60000 },
      secret: token,
    });
  });
}

export async function resetPassword(
  db: Db,
  deps: { passwords: PasswordHasher; sessions: SessionStore },
  token: string,
  newPassword: string,
  at: Date,
): Promise<void> {
  const tokenHash = hashToken(token);
  // Hash first: the token is spent only when the new password can be stored.
  const passwordHash = await deps.passwords.hash(newPassword);
  const userId = await db.transaction().execute(async (trx) => {
    const spentBy = await spendPasswordResetToken(trx, tokenHash, at);
    if (!spentBy) return null;
    await updatePasswordHash(trx, spentBy, passwordHash, at);
    await spendOpenPasswordResetTokensOf(trx, spentBy, at);
    const account = await findUserById(trx, spentBy);
    if (account) await queuePasswordNotice(trx, account, 'reset');
    return spentBy;
  });
  if (!userId) throw resetTokenInvalid();
  await deps.sessions.revokeAllFor(userId);
}
