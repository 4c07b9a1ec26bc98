/**
 * Password and email changes: ChangePassword, UpdateUserEmail, and the legacy pair ChangeUsername
 * then IterableUpdateEmail.
 *
 * A session token alone never changes how the parent logs in: each change asks for the current
 * password (wrong: 101 INVALID_CREDENTIALS, counted by the `reauthentication` rate limit), and
 * ends the parent's other sessions in the transaction of the change, keeping the one that made it.
 * Every email change is recorded (`email_changes`) with the CRM rename it queues.
 */
import { endOtherSessions } from '../auth/sessions.ts';
import { newId } from '../db/ids.ts';
import type { UserRow } from '../db/types.ts';
import type { Handlers, SessionCallContext } from '../functions.ts';
import { enqueue } from '../outbox/outbox.ts';
import type { AccountServices } from './services.ts';
import { findUserByEmail, findUserById, forbidden, invalidCredentials, normalizeLogin, userAlreadyExists, type Db } from './users.ts';

export const credentialCallNames = ['ChangePassword', 'UpdateUserEmail', 'ChangeUsername', 'IterableUpdateEmail'] as const;
type CredentialCallName = (typeof credentialCallNames)[number];

const success = { success: true } as const;

/** The parent's account when `password` is its password; 101 INVALID_CREDENTIALS otherwise. */
async function requirePassword(s: AccountServices, userId: string, password: string): Promise<UserRow> {
  const user = await findUserById(s.db, userId);
  const ok = await s.passwords.verify(password, user?.password_hash ?? null);
  if (!user || !ok) throw invalidCredentials();
  return user;
}

/** This account changed its email from `oldEmail` to `newEmail`. */
async function changedEmail(db: Db, userId: string, oldEmail: string, newEmail: string): Promise<boolean> {
  const row = await db.selectFrom('email_changes').select('id').where('user_id', '=', userId).where('old_email', '=', oldEmail).where('new_email', '=', newEmail).executeTakeFirst();
  return row !== undefined;
}

export function credentialHandlers(s: AccountServices): Pick<Handlers, CredentialCallName> {
  /** Changes the parent's email (the legacy username with it); the CRM hears of it through the outbox. */
  const changeEmail = async (context: SessionCallContext, newEmail: string) => {
    const email = normalizeLogin(newEmail);
    const oldEmail = context.user.email;
    if (email === oldEmail) return { email };
    await s.db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, email)) throw userAlreadyExists();
      const changed = await trx
        .updateTable('users')
        .set({ email, updated_at: s.now() })
        .where('id', '=', context.user.id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('users as other').select('other.id').where('other.email', '=', email))))
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw userAlreadyExists();
      // The parent's email preferences follow the address.
      await trx.deleteFrom('email_preferences').where('email', '=', email).where('user_id', 'is', null).execute();
      await trx.updateTable('email_preferences').set({ email, updated_at: s.now() }).where('user_id', '=', context.user.id).execute();
      await trx.insertInto('email_changes').values({ id: newId(), user_id: context.user.id, old_email: oldEmail, new_email: email, changed_at: s.now() }).execute();
      await endOtherSessions(trx, context.user.id, context.sessionToken);
      await enqueue(trx, { type: 'iterableUpdateEmail', payload: { userId: context.user.id, oldEmail, newEmail: email } });
    });
    return { email };
  };

  return {
    async ChangePassword(input, context) {
      const user = await requirePassword(s, context.user.id, input.currentPassword);
      const hash = await s.passwords.hash(input.newPassword);
      await s.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: hash, updated_at: s.now() }).where('id', '=', user.id).execute();
        await endOtherSessions(trx, user.id, context.sessionToken);
      });
      return success;
    },

    async UpdateUserEmail(input, context) {
      await requirePassword(s, context.user.id, input.password);
      return changeEmail(context, input.newUsername);
    },

    async ChangeUsername(input, context) {
      await requirePassword(s, context.user.id, input.password);
      return changeEmail(context, input.newEmail);
    },

    async IterableUpdateEmail(input, context) {
      const oldEmail = normalizeLogin(input.oldEmail);
      const newEmail = normalizeLogin(input.newEmail);
      if (oldEmail === context.user.email) {
        await enqueue(s.db, { type: 'iterableUpdateEmail', payload: { userId: context.user.id, oldEmail, newEmail } });
        return success;
      }
      // Legacy clients send it right after ChangeUsername, whose transaction queued the rename already.
      if (newEmail === context.user.email && (await changedEmail(s.db, context.user.id, oldEmail, newEmail))) return success;
      throw forbidden('You can only change the email of your own account.');
    },
  };
}
