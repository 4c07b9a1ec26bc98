/**
 * Reconciliation as an operator's request: `npm run reconcile` asks the running server (POST
 * /api/admin/reconcile) or, with no server holding the database, settles the open payment
 * intents on the database itself, through the gateway PAYMENT_GATEWAY names — the same answer
 * either way (src/server/admin/client.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createBackend, defaultBackendSettings } from '../backend.ts';
import type { Database } from '../db/types.ts';
import type { PaymentGatewaySettings } from './createGateway.ts';
import type { ReconcileSummary } from './intents/reconcile.ts';

export async function reconcileOnDatabase(
  db: Kysely<Database>,
  paymentGateway: PaymentGatewaySettings,
  log: FastifyBaseLogger,
): Promise<ReconcileSummary> {
  const backend = await createBackend(db, { ...defaultBackendSettings, paymentGateway, dispatchOutbox: false }, log);
  try {
    return await backend.reconcile();
  } finally {
    await backend.close();
  }
}
