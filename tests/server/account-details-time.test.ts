/**
 * GetCustomerDetails is kept with the account's version (accounts/customer.ts), but what it says
 * also depends on the time: a trial ends on its first billing date, an access on its end date,
 * with no change to the account. A kept answer must not outlive those dates — nor, on a clock set
 * back, hold before the date it was made after.
 */
import { beforeAll, expect, test } from 'vitest';
import type { CallName } from '../../src/contract/index.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { type Answer, useBackendServer } from './backendServer.ts';

const DAY = 86_400_000;
const clock = { now: Date.now() };
const s = useBackendServer({ overrides: { now: () => new Date(clock.now) } });

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
}, 60_000);

const ok = <N extends CallName>(answer: Answer<N>) => {
  if (answer.status !== 200) throw new Error(`expected a result, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
};
const details = async (token: string) => ok(await s.call('GetCustomerDetails', {}, { token }));

test('a trial shown as active stops being so once its first billing date passes, and is again on a clock set back', async () => {
  const parent = await s.signUp();
  ok(
    await s.call(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
      { token: parent.token, headers: { 'idempotency-key': `details-time-${process.pid}` } },
    ),
  );
  const during = await details(parent.token);
  expect(during).toMatchObject({ isTrialActive: true, activeSubscription: { trialDuration: 7 } });
  expect(await details(parent.token)).toEqual(during);

  const firstBilling = Date.parse(during.activeSubscription!.firstBillingDate!);
  clock.now = firstBilling + DAY;
  expect(await details(parent.token)).toMatchObject({ isTrialActive: false });

  clock.now = firstBilling - DAY;
  expect(await details(parent.token)).toMatchObject({ isTrialActive: true });
});
