import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types.ts';

/** A database or a transaction: repositories take either, so callers can compose them in one transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

/** Runs `fn` in a transaction: the given one when `db` already is one, else a new one. */
export function inTransaction<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}
