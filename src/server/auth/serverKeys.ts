/**
 * Keys the server instances share through the database (`server_keys`): made at random the first
 * time one is asked for; two instances asking at once both get the one that was stored.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/transaction.ts';
import { insertServerKeyIfAbsent, readServerKey } from './repository.ts';

export async function serverKey(db: Db, name: string): Promise<Buffer> {
  await insertServerKeyIfAbsent(db, name, randomBytes(32).toString('base64url'));
  return Buffer.from(await readServerKey(db, name), 'base64url');
}
