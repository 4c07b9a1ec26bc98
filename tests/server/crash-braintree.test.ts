/**
 * The crash test of crash-sandbox.test.ts with the braintree gateway: the official SDK against a
 * fake Braintree that remembers (fakeBraintreeGateway.ts) and answers after a delay, so kills
 * land while Braintree is working. Reconciliation finds charges by order id
 * (transaction.search) and subscriptions by our id (subscription.find), and voids what it
 * cannot complete.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalogFile } from '../../src/server/catalog/read.ts';
import { checkOutcome, createParents, runCrashRounds, type Purchase } from './crashHarness.ts';
import { useTestDatabase } from './db.ts';
import { startFakeBraintreeGateway, type FakeBraintreeGateway } from './fakeBraintreeGateway.ts';

const t = useTestDatabase();
const OFFERS = ['annual', 'crash_monthly_no_trial', 'lifetime'];
let braintree: FakeBraintreeGateway | undefined;

beforeAll(async () => {
  if (t.kind !== 'postgres') return;
  await importCatalogIfEmpty(t.db, () => readCatalogFile('funnels/catalog.yaml'));
  await t.db
    .insertInto('web_offers')
    .values({ id: 'crash_monthly_no_trial', plan_id: 'crash_monthly_999', plan_name: 'Monthly, no trial', plan_data_key: 'monthly', subscription_duration: 'monthly', price_cents: 999, trial_duration_days: 0, subscription_type: 'recurring', description_key: 'Monthly', tags: ['test'] })
    .execute();
  braintree = await startFakeBraintreeGateway({ delayMs: 15 });
}, 60_000);
afterAll(async () => braintree?.close());

describe('crashes during purchases on PostgreSQL (braintree gateway, against a fake Braintree)', () => {
  test('SIGKILLs mid-purchase: no orphan charge or subscription, nobody charged twice, no success lost', async () => {
    if (t.kind !== 'postgres') return expect(t.url).toBeNull();
    const rounds = 4;
    const perRound = 10;
    const parents = await createParents(t.db, rounds * perRound);
    const purchases: Purchase[] = parents.map((parent, i) => ({ parent, input: { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: OFFERS[i % OFFERS.length] }, key: `crash-${parent.id}`, answers: [] }));
    const report = await runCrashRounds({
      db: t.db,
      env: { ...process.env, DATABASE_URL: t.url!, BRAINTREE_FAKE_PORT: String(braintree!.port), NO_COLOR: '1' },
      rounds: Array.from({ length: rounds }, (_, r) => purchases.slice(r * perRound, (r + 1) * perRound)),
      killAfterIntentMs: [0, 60],
      seed: 21,
    });

    const gateway = {
      billingSubscriptionIds: [...braintree!.subscriptions.values()].filter((s) => s.status === 'Active').map((s) => s.id),
      chargedTransactionIds: [...braintree!.transactions.values()].filter((x) => x.type === 'sale' && x.status === 'submitted_for_settlement' && x.refundIds.length === 0).map((x) => x.id),
    };
    const outcome = await checkOutcome(t.db, purchases, report, gateway);
    console.log(`crash test, braintree gateway: ${JSON.stringify(outcome)}`);

    expect(outcome).toMatchObject({ kills: rounds, orphans: 0, chargedTwice: 0, successesLost: 0, openIntents: 0, mismatched: 0 });
    // The kills hit purchases in flight, some while Braintree was charging: those were repaired.
    expect(outcome.lost).toBeGreaterThan(0);
    expect(outcome.repairsLogged).toBeGreaterThan(0);
  }, 240_000);
});
