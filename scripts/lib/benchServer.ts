/**
 * The server `npm run bench` measures, in a process of its own (the load generator must not
 * share its event loop): the start-up path of `npm start` (src/server/main.ts) — open the
 * database, migrations, catalog import — then `buildServer` as in production, listening on
 * 127.0.0.1 and a free port, which it tells its parent over IPC: `{ port }`.
 *
 * Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), as for `npm start`.
 * What differs from a default `npm start`, on purpose:
 *   - NODE_ENV=production (set by the parent): no output-schema checks, as in production; with
 *     PAYMENT_GATEWAY=sandbox and CAPTCHA_PROVIDER=local named (production refuses to start without them);
 *   - LOG_LEVEL=warn (set by the parent): no per-request log lines on the terminal;
 *   - BENCH_RATE_LIMIT: the `existence` policy (GetUserExistsByUsername) with limits raised to
 *     that many attempts per window, so that the bench measures the limiter's real work (both
 *     counters are still written on every request) without being refused after 60 requests.
 *
 * What it adds for the bench, and tells its parent with the port:
 *   - the floor, `GET /bench/floor`: a bare route doing one indexed SELECT (a parent by id) on the
 *     same database, answering JSON; each call's figures are read as a ratio to it;
 *   - a logged-in parent with an annual plan bought on the sandbox (so GetCustomerDetails and
 *     GetPaymentHistory read a subscription, a payment method and a payment), and its session token.
 */
import { randomUUID } from 'node:crypto';
import { functionPath, IDEMPOTENCY_KEY_HEADER, SESSION_TOKEN_HEADER } from '../../src/contract/wire.ts';
import { findUserById, insertUser } from '../../src/server/accounts/repository.ts';
import { assembleServer } from '../../src/server/assemble.ts';
import type { RateLimitPolicy } from '../../src/server/auth/rateLimits.ts';
import { defaultRateLimitPolicies } from '../../src/server/auth/rateLimits.ts';
import { readServerEnv } from '../../src/server/config.ts';

const env = readServerEnv();
const limit = Number(process.env.BENCH_RATE_LIMIT);
if (!Number.isInteger(limit) || limit < 1) throw new Error('BENCH_RATE_LIMIT must be a whole number of attempts per window.');
const existence = defaultRateLimitPolicies.existence;
const benchExistence: RateLimitPolicy = {
  perIp: { ...existence.perIp, limit },
  ...(existence.perAccount ? { perAccount: { ...existence.perAccount, limit } } : {}),
};

const { app, database } = await assembleServer(env, {
  distDir: null,
  defaultLogLevel: 'warn',
  overrides: { rateLimitPolicies: { existence: benchExistence } },
});

const parent = await insertUser(database.db, {
  email: `bench-${randomUUID()}@example.com`,
  passwordHash: 'not a password: the bench never logs in',
  partner: null,
  signup: {},
  confirmPromoEmails: false,
  testData: false,
  at: new Date(),
});
if (!parent) throw new Error('The bench parent could not be created.');
const parentId = parent.id;
const sessionToken = await app.backend.accounts.sessions.create(parentId);

app.get('/bench/floor', async () => {
  const row = await findUserById(database.db, parentId);
  return { result: row ? { id: row.id } : null };
});

const purchase = await app.inject({
  method: 'POST',
  url: `/api${functionPath('PurchaseSubscription')}`,
  headers: { 'content-type': 'application/json', [SESSION_TOKEN_HEADER]: sessionToken, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  payload: { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
});
if (purchase.statusCode !== 200) throw new Error(`The bench parent's purchase failed: ${purchase.statusCode} ${purchase.body}`);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('The bench server has no port.');

process.on('message', (message) => {
  if (message === 'stop')
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
process.send?.({ port: address.port, sessionToken });
