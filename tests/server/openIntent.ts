/**
 * A purchase left as a crash leaves it: the charge made at the sandbox gateway, its answer lost,
 * the payment intent open — and its lease already run out, so reconciliation may settle it.
 * Made through the real PurchaseSubscription handler of a backend on `db`.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { createBackend, defaultBackendSettings } from '../../src/server/backend.ts';
import { newId } from '../../src/server/db/ids.ts';
import type { Database } from '../../src/server/db/types.ts';
import type { SessionCallContext } from '../../src/server/functions.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/gateway.ts';
import { faultyGateway } from './faultyGateway.ts';

export async function leaveOpenPurchase(
  db: Kysely<Database>,
  offer: { webOfferId: string; charge: 'sale' | 'createSubscription' },
): Promise<{ intentId: string; userId: string }> {
  const userId = newId();
  const email = `crashed-${userId.toLowerCase()}@example.com`;
  await db.insertInto('users').values({ id: userId, email, password_hash: 'x', signup: '{}' }).execute();
  const faults = faultyGateway(createSandboxGateway({ db }));
  const log = pino({ level: 'silent' });
  const backend = await createBackend(db, { ...defaultBackendSettings, environment: 'test', dispatchOutbox: false }, log, {
    paymentGateway: faults.gateway,
  });
  faults.arm(offer.charge, 'after');
  const context: SessionCallContext = {
    sessionToken: 'unused',
    user: { id: userId, email, username: email, accountVersion: '0', testData: false },
    ip: '127.0.0.1',
    log,
    request: {} as FastifyRequest,
    idempotency: { scope: `PurchaseSubscription:user:${userId}`, key: newId() },
    releaseId: null,
    preview: false,
    previewDraftId: null,
  };
  try {
    await Promise.resolve(
      backend.handlers.PurchaseSubscription(
        {
          paymentMethodToken: 'fake-valid-visa-nonce',
          webOfferId: offer.webOfferId,
          // A sale is lifetime's price today; a subscription here starts with a trial.
          expectedTodayCharge: offer.charge === 'sale' ? 149.99 : 0,
        },
        context,
      ),
    ).then(
      () => {
        throw new Error('the purchase was expected to lose its answer');
      },
      (error: Error & { code?: number }) => {
        if (error.code !== 159) throw error;
      },
    );
  } finally {
    await backend.close();
  }
  const intent = await db
    .updateTable('payment_intents')
    .set({ lease_until: new Date(0) })
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { intentId: intent.id, userId };
}
