/**
 * SIGKILL during concurrent purchases on PostgreSQL, with the sandbox gateway (crashHarness.ts):
 * after restarts, retries with the same keys and reconciliation, every charge and every renewing
 * subscription at the gateway has our record, nobody is charged twice, and every purchase the
 * parent was told succeeded is there. (On PGlite this file has nothing to kill: the embedded
 * database lives inside the server process.)
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalogFile } from '../../src/server/catalog/read.ts';
import { createParents, openIntents, runCrashRounds, type Purchase } from './crashHarness.ts';
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
      env: { ...process.env, DATABASE_URL: t.url!, NO_COLOR: '1' },
      rounds: Array.from({ length: rounds }, (_, r) => purchases.slice(r * perRound, (r + 1) * perRound)),
      killAfterMs: [20, 250],
      seed: 12,
    });

    // Billing at the gateway without our subscription; money taken without our payment.
    const orphanSubscriptions = await sql<{ id: string }>`
      select s.id from sandbox_subscriptions s
      where s.status in ('Active', 'PastDue') and not exists (select 1 from subscriptions o where o.gateway_subscription_id = s.id)`.execute(t.db);
    const orphanCharges = await sql<{ id: string }>`
      select x.id from sandbox_transactions x
      where x.status = 'settled' and not exists (select 1 from payments p where p.gateway_transaction_id = x.id)`.execute(t.db);
    const chargedTwice = await sql<{ user_id: string }>`
      select user_id from (
        select user_id from subscriptions group by user_id having count(*) > 1
        union select user_id from payments where status = 'settled' group by user_id having count(*) > 1) twice`.execute(t.db);
    const succeeded = purchases.filter((p) => p.answers.some((a) => a !== 'lost' && a.status === 200));
    const recorded = new Set((await t.db.selectFrom('subscriptions').select('id').execute()).map((row) => row.id));
    const lostSuccesses = succeeded.flatMap((p) => p.answers.filter((a) => a !== 'lost' && a.status === 200 && !recorded.has((a.body.result as { subscriptionData: { id: string } }).subscriptionData.id)));
    const figures = {
      ...report,
      succeeded: succeeded.length,
      orphans: orphanSubscriptions.rows.length + orphanCharges.rows.length,
      chargedTwice: chargedTwice.rows.length,
      successesLost: lostSuccesses.length,
      openIntents: await openIntents(t.db),
    };
    console.log(`crash test, sandbox gateway: ${JSON.stringify(figures)}`);

    expect(figures).toMatchObject({ kills: rounds, orphans: 0, chargedTwice: 0, successesLost: 0, openIntents: 0 });
    // Every purchase ends with an answer the parent can act on, and the ones that failed charged nothing.
    for (const p of purchases) {
      const last = p.answers.at(-1);
      const plans = await t.db.selectFrom('subscriptions').select('id').where('user_id', '=', p.parent.id).execute();
      expect(last !== 'lost' && last!.status === 200 ? 1 : 0).toBe(plans.length);
    }
    // The kills hit purchases in flight: some answers were lost, and those were retried.
    expect(report.lost).toBeGreaterThan(0);
  }, 240_000);
});
