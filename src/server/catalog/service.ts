/** The contact forms without a purchase: kept in contact_requests, and an email to the team through the outbox. */
import { newId } from '../db/ids.ts';
import type { Db } from '../db/transaction.ts';
import { enqueue } from '../outbox/outbox.ts';
import { type ContactRequest, insertContactRequest } from './repository.ts';

export async function recordContactRequest(
  db: Db,
  kind: ContactRequest['kind'],
  email: string,
  payload: Record<string, unknown>,
  now: Date,
): Promise<{ requestId: string }> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await insertContactRequest(trx, { id, kind, email: email.toLowerCase(), payload, createdAt: now });
    await enqueue(trx, { type: 'contactRequestEmail', payload: { requestId: id, kind, email: email.toLowerCase() } });
  });
  return { requestId: id };
}
