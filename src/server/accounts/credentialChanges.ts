/**
 * Password and email changes: ChangePassword, UpdateUserEmail, and the legacy pair ChangeUsername
 * then IterableUpdateEmail.
 *
 * A session token alone never changes how the parent logs in: each change asks for the current
 * password (wrong: 101 INVALID_CREDENTIALS, counted by the `reauthentication` rate limit), and
 * ends the parent's other sessions in the transaction of the change, keeping the one that made it.
 * Every email change is recorded (`email_changes`) with the CRM rename it queues. Each change
 * queues its security notices in the same transaction (./securityNotices.ts).
 */
import { endOtherSessions } from '../auth/sessions.ts';
import type { UserRow } from '../db/types.ts';
import type { SessionCallContext } from '../functions.ts';
import { enqueue } from '../outbox/outbox.ts';
import {
  emailBefore,
  findUserById,
  insertEmailChange,
  isEmailTaken,
  moveEmailPreferences,
  updateEmailUnlessTaken,
  updatePasswordHash,
} from './repository.ts';
import { queueEmailChangeNotices, queuePasswordNotice } from './securityNotices.ts';
import type { AccountServices } from './services.ts';
import { forbidden, invalidCredentials, normalizeLogin, userAlreadyExists } from './users.ts';

/** The logged-in parent and the session that asks. */
export type Caller = Pick<SessionCallContext, 'user' | 'sessionToken'>;

/** The parent's account when `password` is its password; 101 INVALID_CREDENTIALS otherwise. */
async function requirePassword(s: AccountServices, userId: string, password: string): Promise<UserRow> {
  const user = await findUserById(s.db, userId);
  const ok = await s.passwords.verify(password, user?.password_hash ?? null);
  if (!user || !ok) throw invalidCredentials();
  return user;
}

export async function changePassword(s: AccountServices, caller: Caller, currentPassword: string, newPassword: string): Promise<void> {
  const user = await requirePassword(s, caller.user.id, currentPassword);
  const hash = await s.passwords.hash(newPassword);
  await s.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, hash, s.now());
    await endOtherSessions(trx, user.id, caller.sessionToken);
    await queuePasswordNotice(trx, user, 'changed');
  });
}

/** Changes the parent's email (the legacy username with it); the CRM hears of it through the outbox. */
export async function changeEmail(s: AccountServices, caller: Caller, password: string, newEmail: string): Promise<{ email: string }> {
  const user = await requirePassword(s, caller.user.id, password);
  const email = normalizeLogin(newEmail);
  const oldEmail = caller.user.email;
  if (email === oldEmail) return { email };
  await s.db.transaction().execute(async (trx) => {
    if (await isEmailTaken(trx, email)) throw userAlreadyExists();
    if (!(await updateEmailUnlessTaken(trx, caller.user.id, email, s.now()))) throw userAlreadyExists();
    await moveEmailPreferences(trx, caller.user.id, email, s.now());
    await insertEmailChange(trx, { userId: caller.user.id, oldEmail, newEmail: email, at: s.now() });
    await endOtherSessions(trx, caller.user.id, caller.sessionToken);
    await enqueue(trx, { type: 'iterableUpdateEmail', payload: { userId: caller.user.id, oldEmail, newEmail: email } });
    await queueEmailChangeNotices(trx, user, oldEmail, email);
  });
  return { email };
}

/**
 * IterableUpdateEmail (legacy clients send it after ChangeUsername): the move of the parent's
 * own CRM record from their previous email to their current one, both read here — the current
 * one from the account, the previous one from the recorded change that made it current. The change queued
 * that rename in its own transaction, so the call acknowledges it and queues nothing (a repeat
 * too). Any other pair of addresses, the parent's current one as `oldEmail` included, → 119.
 */
export async function acknowledgeEmailRename(s: AccountServices, caller: Caller, oldAddress: string, newAddress: string): Promise<void> {
  const user = await findUserById(s.db, caller.user.id);
  const previous = user ? await emailBefore(s.db, user.id, user.email) : undefined;
  const moved =
    user !== undefined && previous !== undefined && normalizeLogin(oldAddress) === previous && normalizeLogin(newAddress) === user.email;
  if (!moved) throw forbidden("You can only move your own account's CRM record, from its previous email to its current one.");
}
