/**
 * Parents' accounts: creation, lookup, credentials.
 *
 * The email is the login (the legacy `username` is the same address): stored lowercased and
 * trimmed (spec §5: login lowercases the email; legacy usernames are lowercased), so a lookup is
 * plain equality on the unique index.
 */
import type { Kysely, Transaction } from 'kysely';
import { CallError, ErrorCode, MessageKey } from '../../contract/index.ts';
import type { Database, UserRow } from '../db/types.ts';
import type { HandlerInput } from '../functions.ts';
import { newId } from '../db/ids.ts';

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

export const normalizeLogin = (value: string) => value.trim().toLowerCase();

export const userAlreadyExists = () => new CallError(ErrorCode.USERNAME_TAKEN, 'User already exists', MessageKey.userAlreadyExists);
export const invalidCredentials = () => new CallError(ErrorCode.OBJECT_NOT_FOUND, 'Invalid username/password.', MessageKey.invalidCredentials);
export const forbidden = (message: string) => new CallError(ErrorCode.OPERATION_FORBIDDEN, message);

export async function findUserByEmail(db: DbOrTrx, login: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeLogin(login)).executeTakeFirst();
}

export async function findUserById(db: DbOrTrx, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

type Signup = HandlerInput<'CreateWebUser'>;

/** The signup answers kept with the account (spec §3 "Signup payload", less the secrets). */
function signupAnswers(signup: Signup): Record<string, unknown> {
  const answers: Record<string, unknown> = {
    referral: signup.referral,
    age: signup.age,
    gender: signup.gender,
    experience: signup.experience,
    attributionSource: signup.attributionSource,
    promoCode: signup.promoCode,
    utmParamsObject: signup.utmParamsObject,
    minervaLead: signup.minerva_lead,
  };
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * Inserts the account; 202 USER_ALREADY_EXISTS when the email has one (the unique index makes
 * two racing signups answer the same).
 */
export async function insertUser(trx: Transaction<Database>, signup: Signup, passwordHash: string, at: Date): Promise<UserRow> {
  const row = await trx
    .insertInto('users')
    .values({
      id: newId(),
      email: normalizeLogin(signup.username),
      password_hash: passwordHash,
      partner: signup.partner ?? null,
      signup: JSON.stringify(signupAnswers(signup)),
      confirm_promo_emails: signup.confirmPromoEmails ?? false,
      country: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw userAlreadyExists();
  return row;
}
