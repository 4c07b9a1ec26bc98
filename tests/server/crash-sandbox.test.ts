/**
 * SIGKILL during concurrent purchases on PostgreSQL, with the sandbox gateway (crashHarness.ts):
 * after restarts, retries with the same keys and reconciliation, every charge and every renewing
 * subscription at the gateway has our record, nobody is charged twice, and every purchase the
 * parent was told succeeded is there. (On PGlite this file has nothing to kill: the embedded
 * database lives inside the server process.)
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalogFile } from '../../src/server/catalog/read.ts';
import { checkOutcome, createParents, runCrashRounds, type Purchase } from './crashHarness.ts';
import { useTestDatabase } from './db.ts';

const t = useTestDatabase();
const OFFERS = ['annual', 'crash_monthly_no_trial', 'lifetime'];

beforeAll(async () => {
  if (t.kind !== 'postgres') return;
  await importCatalogIfEmpty(t.db, () => readCatalogFile('funnels/catalog.yaml'));
  await t.db
    .insertInto('web_offers')
    .values({ id: 'crash_monthly_no_trial', plan_id: 'crash_monthly_999', plan_name: 'Monthly, no trial', plan_data_key: 'monthly', subscription_duration: 'monthly', price_cents: 999, trial_duration_days: 0, subscription_type: 'recurring', description_key: 'Monthly', tags: ['test'] })
    .execute();
}, 60_000);

describe('crashes during purchases on PostgreSQL (sandbox gateway)', () => {
  test('SIGKILLs mid-purchase: no orphan charge or subscription, nobody charged twice, no success lost', async () => {
    if (t.kind !== 'postgres') return expect(t.url).toBeNull();
    const rounds = 4;
    const perRound = 10;
    const parents = await createParents(t.db, rounds * perRound);
    const purchases: Purchase[] = parents.map((parent, i) => ({ parent, input: { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: OFFERS[i % OFFERS.length] }, key: `crash-${parent.id}`, answers: [] }));
    const report = await runCrashRounds({
      db: t.db,
      env: { ...process.env, DATABASE_URL: t.url!, GATEWAY_ANSWER_MS: '80', NO_COLOR: '1' },
      rounds: Array.from({ length: rounds }, (_, r) => purchases.slice(r * perRound, (r + 1) * perRound)),
      killAfterIntentMs: [0, 60],
      seed: 12,
    });

    const gateway = {
      billingSubscriptionIds: (await t.db.selectFrom('sandbox_subscriptions').select('id').where('status', 'in', ['Active', 'PastDue']).execute()).map((row) => row.id),
      chargedTransactionIds: (await t.db.selectFrom('sandbox_transactions').select('id').where('status', '=', 'settled').execute()).map((row) => row.id),
    };
    const outcome = await checkOutcome(t.db, purchases, report, gateway);
    console.log(`crash test, sandbox gateway: ${JSON.stringify(outcome)}`);

    expect(outcome).toMatchObject({ kills: rounds, orphans: 0, chargedTwice: 0, successesLost: 0, openIntents: 0, mismatched: 0 });
    // The kills hit purchases in flight, some between a charge and its record: those were repaired.
    expect(outcome.lost).toBeGreaterThan(0);
    expect(outcome.repairsLogged).toBeGreaterThan(0);
  }, 240_000);
});
