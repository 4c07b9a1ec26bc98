/**
 * A server process for the crash tests (crash-*.test.ts), to be SIGKILLed mid-purchase: the
 * backend on DATABASE_URL (PostgreSQL) with short payment timings, so leases of the requests a
 * kill ends run out in seconds, and the sandbox gateway — its charges answered after
 * GATEWAY_ANSWER_MS, as a gateway across a network answers, so a kill often lands between a
 * charge and its record — or, with BRAINTREE_FAKE_PORT, the braintree gateway against the fake
 * Braintree of fakeBraintreeGateway.ts. It prints `{"port": N}` once it listens; its log (warn
 * and above) goes to stderr.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer } from '../../src/server/app.ts';
import { openPostgres } from '../../src/server/db/database.ts';
import { createBraintreeGateway } from '../../src/server/payments/braintree/gateway.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/gateway.ts';

import { CREDENTIALS } from './fakeBraintree.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('crashServer.ts needs DATABASE_URL');
const braintreePort = process.env.BRAINTREE_FAKE_PORT ? Number(process.env.BRAINTREE_FAKE_PORT) : null;
const leaseMs = Number(process.env.INTENT_LEASE_MS || 1500);
const answerMs = Number(process.env.GATEWAY_ANSWER_MS || 0);

/** The sandbox, answering its charges `answerMs` after making them. */
function slowSandbox(): PaymentGateway {
  const sandbox = createSandboxGateway({ db: openPostgres(databaseUrl!, { poolSize: 5 }).db });
  const slow =
    <A, R>(call: (args: A) => Promise<R>) =>
    async (args: A) => {
      const result = await call(args);
      await sleep(answerMs);
      return result;
    };
  return { ...sandbox, sale: slow(sandbox.sale), createSubscription: slow(sandbox.createSubscription) };
}

const gateway = braintreePort
  ? createBraintreeGateway({ credentials: CREDENTIALS, endpoint: { host: '127.0.0.1', port: braintreePort } })
  : slowSandbox();

const app = await buildServer({
  dataDir: mkdtempSync(path.join(tmpdir(), 'crash-server-')),
  databaseUrl,
  logger: { level: 'warn', stream: process.stderr },
  backend: { environment: 'test', dispatchOutbox: false, rateLimitCounters: 'database' },
  overrides: {
    passwordParams: { log2N: 10, r: 8, p: 1 },
    paymentTimings: { intentLeaseMs: leaseMs, pendingTakeoverMs: leaseMs, reconcileEveryMs: 500 },
    paymentGateway: gateway,
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
