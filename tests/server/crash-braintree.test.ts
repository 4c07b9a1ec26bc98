/**
 * The crash test of crash-sandbox.test.ts with the braintree gateway: the official SDK against a
 * fake Braintree that remembers (fakeBraintreeGateway.ts) and answers after a delay, so kills
 * land while Braintree is working. Reconciliation finds charges by order id
 * (transaction.search) and subscriptions by our id (subscription.find), and voids what it
 * cannot complete.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkOutcome, expectNoHarm, prepareCatalog, purchaseRounds, runCrashRounds } from './crashHarness.ts';
import { useTestDatabase } from './db.ts';
import { type FakeBraintreeGateway, startFakeBraintreeGateway } from './fakeBraintreeGateway.ts';

const t = useTestDatabase();
let braintree: FakeBraintreeGateway | undefined;

beforeAll(async () => {
  if (t.kind !== 'postgres') return;
  await prepareCatalog(t.db);
  braintree = await startFakeBraintreeGateway({ delayMs: 15 });
}, 60_000);
afterAll(async () => braintree?.close());

describe('crashes during purchases on PostgreSQL (braintree gateway, against a fake Braintree)', () => {
  test('SIGKILLs mid-purchase: no orphan charge or subscription, nobody charged twice, no success lost', async () => {
    if (t.kind !== 'postgres') return expect(t.url).toBeNull();
    const rounds = await purchaseRounds(t.db, 4, 10);
    const purchases = rounds.flat();
    const report = await runCrashRounds({
      db: t.db,
      env: { ...process.env, DATABASE_URL: t.url!, BRAINTREE_FAKE_PORT: String(braintree!.port), NO_COLOR: '1' },
      rounds,
      killAfterIntentMs: [0, 60],
      seed: 21,
    });

    const gateway = {
      billingSubscriptionIds: [...braintree!.subscriptions.values()].filter((s) => s.status === 'Active').map((s) => s.id),
      chargedTransactionIds: [...braintree!.transactions.values()]
        .filter((x) => x.type === 'sale' && x.status === 'submitted_for_settlement' && x.refundIds.length === 0)
        .map((x) => x.id),
    };
    const outcome = await checkOutcome(t.db, purchases, report, gateway);
    console.log(`crash test, braintree gateway: ${JSON.stringify(outcome)}`);

    expectNoHarm(outcome, rounds.length);
  }, 240_000);
});
