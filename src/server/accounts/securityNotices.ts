/**
 * The emails that tell a parent their password or email address changed (texts:
 * copy/<locale>/emails.yaml), queued in the transaction of the change: to the account, and for an
 * email change to the old address too. They are written in the account's language: the one it
 * signed up in (`signup.locale`, src/server/accounts/login.ts), else the default language.
 */
import type { Db } from '../db/transaction.ts';
import type { UserRow } from '../db/types.ts';
import { enqueue } from '../outbox/outbox.ts';

type Account = Pick<UserRow, 'id' | 'email' | 'signup'>;

/** The language the account signed up in, when the server knew it; null: the default language. */
export function accountLocale(account: Pick<UserRow, 'signup'>): string | null {
  const signup: unknown = typeof account.signup === 'string' ? JSON.parse(account.signup) : account.signup;
  const locale = signup !== null && typeof signup === 'object' ? (signup as Record<string, unknown>).locale : undefined;
  return typeof locale === 'string' ? locale : null;
}

/** ChangePassword (`changed`) or VerifyBeginPasswordReset (`reset`): a notice to the account's address. */
export async function queuePasswordNotice(db: Db, account: Account, how: 'changed' | 'reset'): Promise<void> {
  await enqueue(db, {
    type: how === 'changed' ? 'passwordChangedEmail' : 'passwordResetDoneEmail',
    payload: { to: account.email, userId: account.id, locale: accountLocale(account) },
  });
}

/** UpdateUserEmail, ChangeUsername: a notice to the new address and one to the old. */
export async function queueEmailChangeNotices(db: Db, account: Account, oldEmail: string, newEmail: string): Promise<void> {
  const about = { userId: account.id, locale: accountLocale(account), oldEmail, newEmail };
  await enqueue(db, { type: 'emailChangedEmail', payload: { to: newEmail, ...about } });
  await enqueue(db, { type: 'emailChangedFromEmail', payload: { to: oldEmail, ...about } });
}
