/**
 * Keys the server instances share through the database (`server_keys`): made at random the first
 * time one is asked for; two instances asking at once both get the one that was stored.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

export async function serverKey(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_keys')
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const { secret } = await db.selectFrom('server_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(secret, 'base64url');
}
