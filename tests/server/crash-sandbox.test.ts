/**
 * SIGKILL during concurrent purchases on PostgreSQL, with the sandbox gateway (crashHarness.ts):
 * after restarts, retries with the same keys and reconciliation, every charge and every renewing
 * subscription at the gateway has our record, nobody is charged twice, and every purchase the
 * parent was told succeeded is there. (On PGlite this file has nothing to kill: the embedded
 * database lives inside the server process.)
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { checkOutcome, expectNoHarm, prepareCatalog, purchaseRounds, runCrashRounds } from './crashHarness.ts';
import { useTestDatabase } from './db.ts';

const t = useTestDatabase();

beforeAll(async () => {
  if (t.kind !== 'postgres') return;
  await prepareCatalog(t.db);
}, 60_000);

describe('crashes during purchases on PostgreSQL (sandbox gateway)', () => {
  test('SIGKILLs mid-purchase: no orphan charge or subscription, nobody charged twice, no success lost', async () => {
    if (t.kind !== 'postgres') return expect(t.url).toBeNull();
    const rounds = await purchaseRounds(t.db, 4, 10);
    const purchases = rounds.flat();
    const report = await runCrashRounds({
      db: t.db,
      env: { ...process.env, DATABASE_URL: t.url!, GATEWAY_ANSWER_MS: '80', NO_COLOR: '1' },
      rounds,
      killAfterIntentMs: [0, 60],
      seed: 12,
    });

    const gateway = {
      billingSubscriptionIds: (
        await t.db.selectFrom('sandbox_subscriptions').select('id').where('status', 'in', ['Active', 'PastDue']).execute()
      ).map((row) => row.id),
      chargedTransactionIds: (await t.db.selectFrom('sandbox_transactions').select('id').where('status', '=', 'settled').execute()).map(
        (row) => row.id,
      ),
    };
    const outcome = await checkOutcome(t.db, purchases, report, gateway);
    console.log(`crash test, sandbox gateway: ${JSON.stringify(outcome)}`);

    expectNoHarm(outcome, rounds.length);
  }, 240_000);
});
