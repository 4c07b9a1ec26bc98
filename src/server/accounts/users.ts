/**
 * Parents' accounts: the login's form and the errors of account calls.
 *
 * The email is the login (the legacy `username` is the same address): stored lowercased and
 * trimmed (login lowercases the email; legacy usernames are lowercased), so a lookup is
 * plain equality on the unique index.
 */
import type { Kysely, Transaction } from 'kysely';
import { CallError, ErrorCode, MessageKey } from '../../contract/index.ts';
import type { Database } from '../db/types.ts';

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

export const normalizeLogin = (value: string) => value.trim().toLowerCase();

export const userAlreadyExists = () => new CallError(ErrorCode.USERNAME_TAKEN, 'User already exists', MessageKey.userAlreadyExists);
export const invalidCredentials = () =>
  new CallError(ErrorCode.OBJECT_NOT_FOUND, 'Invalid username/password.', MessageKey.invalidCredentials);
export const forbidden = (message: string) => new CallError(ErrorCode.OPERATION_FORBIDDEN, message);
