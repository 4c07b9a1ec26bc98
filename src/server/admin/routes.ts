/**
 * Admin endpoints for the operators' CLIs (`npm run codes`, `npm run catalog:import`), so they
 * work while the server holds the embedded database (PGlite admits one process):
 *
 *   POST /api/admin/codes     body: createCodesRequest      → CreateCodesResponse
 *   POST /api/admin/catalog   body: { catalog: {...} }       → { summary, description }
 *   POST /api/admin/billing   body: { at?: ISO time }        → BillingSummary (the sandbox's billing run)
 *   POST /api/admin/reconcile body: {}                       → ReconcileSummary (open payment intents settled)
 *   POST /api/admin/operators body: { email, password, role? } → { id, email, role } (a new operator of the /admin pages)
 *   POST /api/admin/operators/role body: { email, role }      → { email, role } (an operator made editor or publisher)
 *   POST /api/admin/report    body: {release?}               → Report (the experiments report, as /admin/report shows it)
 *   …/api/admin/releases…                                    → releases: publish, rollback, list, diff, files
 *                                                              (src/server/releases/routes.ts)
 *
 * Only from loopback (127.0.0.1, ::1) and never through a proxy (a request carrying a
 * forwarding header came from elsewhere, relayed by a proxy on this machine): anything else gets
 * 404. Then only with `Authorization: Bearer <the token in $DATA_DIR/admin-token>`, compared in
 * constant time (missing or wrong: 401).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { CallError } from '../../contract/index.ts';
import { unsafeTextIn } from '../apiInput.ts';
import { createPasswordHasher, type PasswordHasher } from '../auth/passwords.ts';
import { CatalogFileError } from '../catalog/catalogFileError.ts';
import { CodeRequestError } from '../codes/service.ts';
import type { Database } from '../db/types.ts';
import { sendCallError, sendInternalError } from '../errorAnswers.ts';
import {
  createOperator,
  createOperatorRequest,
  OperatorRequestError,
  operatorRoleRequest,
  setOperatorRole,
} from '../operators/accounts.ts';
import { billingRequest, runBillingRequest } from '../payments/billingAdmin.ts';
import type { GatewayName } from '../payments/gateway.ts';
import type { ReconcileSummary } from '../payments/intents/reconcile.ts';
import { BillingError } from '../payments/sandbox/billing.ts';
import { releaseEndpoints } from '../releases/routes.ts';
import { buildReport, reportRelease } from '../report/build.ts';
import { ExperimentsFileError, readDeclaredExperiments } from '../report/declaredExperiments.ts';
import { createCodesRequest, runCreateCodes, runImportCatalog } from './requests.ts';
import { tokensMatch } from './token.ts';

export interface AdminRoutesOptions {
  db: Kysely<Database>;
  token: string;
  /** Settles the open payment intents (the server's backend.reconcile). */
  reconcile?: () => Promise<ReconcileSummary>;
  /** The gateway the server charges through (the billing run is the sandbox's only). */
  paymentGateway?: GatewayName;
  /** How operators' passwords are hashed (the parents' hasher; default: its production cost). */
  passwords?: PasswordHasher;
  /** Where experiments.yaml is, for the report (default: funnels). */
  funnelsDir?: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers a proxy adds when it relays a request. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'];

/** The socket's peer, not X-Forwarded-For, and no proxy's relay: a request relayed by a proxy is not "local". */
const fromLoopback = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? '') && PROXY_HEADERS.every((name) => request.headers[name] === undefined);

export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!fromLoopback(request)) return reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?', 1)[0]}` });
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (token === '' || !tokensMatch(token, options.token))
      return reply.code(401).send({ error: 'The admin token is missing or wrong (it is in $DATA_DIR/admin-token).' });
    return undefined;
  });

  // Text with control characters is refused before any endpoint reads it (../apiInput.ts).
  app.addHook('preValidation', async (request) => {
    const unsafe = unsafeTextIn('body', request.body);
    if (unsafe) throw unsafe;
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof CallError) return sendCallError(reply, error);
    if (
      error instanceof CodeRequestError ||
      error instanceof CatalogFileError ||
      error instanceof BillingError ||
      error instanceof OperatorRequestError ||
      error instanceof ExperimentsFileError
    )
      return reply.code(400).send({ error: error.message });
    if (error.statusCode && error.statusCode < 500) return reply.code(error.statusCode).send({ error: error.message });
    return sendInternalError(request, reply, error, 'admin request failed');
  });

  app.post('/codes', async (request, reply) => {
    const parsed = createCodesRequest.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({ error: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });
    const result = await runCreateCodes(options.db, parsed.data, 'admin');
    request.log.info({ batchId: result.batchId, kind: result.kind, count: result.codes.length }, 'codes created');
    return result;
  });

  app.post('/catalog', { bodyLimit: 4 * 1024 * 1024 }, async (request, reply) => {
    const body = request.body as { catalog?: unknown } | null;
    if (!body || typeof body !== 'object' || !('catalog' in body)) return reply.code(400).send({ error: 'Expected {"catalog": {...}}.' });
    const result = await runImportCatalog(options.db, body.catalog);
    request.log.info({ summary: result.summary }, 'catalog imported');
    return result;
  });

  app.post('/billing', async (request, reply) => {
    const parsed = billingRequest.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({ error: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });
    const result = await runBillingRequest(options.db, parsed.data, options.paymentGateway ?? 'sandbox');
    request.log.info(
      { at: result.at, settled: result.settled.count, declined: result.declined.count, failed: result.failed.count },
      'sandbox billing run',
    );
    return result;
  });

  app.post('/reconcile', async (request, reply) => {
    if (!options.reconcile) return reply.code(404).send({ error: 'This server does not reconcile payments.' });
    const result = await options.reconcile();
    request.log.info(
      { completed: result.completed, failed: result.failed, reversed: result.reversed, open: result.open },
      'payment reconciliation',
    );
    return result;
  });

  const passwords = options.passwords ?? createPasswordHasher();
  app.post('/operators', async (request, reply) => {
    const parsed = createOperatorRequest.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: 'Expected {"email": "...", "password": "..."}.' });
    const result = await createOperator(options.db, passwords, parsed.data);
    request.log.info({ operatorId: result.id }, 'operator created');
    return result;
  });

  app.post('/operators/role', async (request, reply) => {
    const parsed = operatorRoleRequest.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: 'Expected {"email": "...", "role": "editor" | "publisher"}.' });
    const result = await setOperatorRole(options.db, parsed.data);
    request.log.info({ role: result.role }, 'operator role set');
    return result;
  });

  app.post('/report', async (request) =>
    buildReport(
      options.db,
      readDeclaredExperiments(options.funnelsDir ?? 'funnels'),
      undefined,
      reportRelease((request.body as { release?: unknown } | null)?.release),
    ),
  );

  // Whoever holds the admin token can open the database itself: a publisher, named after the system user the CLI runs as.
  await app.register(releaseEndpoints, {
    db: options.db,
    actorOf: async (_request, named) => ({ name: `cli:${named ?? 'unknown'}`, role: 'publisher' }),
  });
}
