/**
 * My Account's reads are kept with the account's version (migration 011, accountCache.ts): the
 * database raises the version with every change a parent's account page shows, whoever makes
 * it — so a change made outside the calls (an operator's SQL, a billing run, another instance)
 * shows on the next GetCustomerDetails / GetPaymentHistory, and an unchanged account is not
 * read again.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { CallName } from '../../src/contract/index.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { newId } from '../../src/server/db/ids.ts';
import { type Answer, useBackendServer } from './backendServer.ts';

const s = useBackendServer();

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
}, 60_000);

let keys = 0;
const ok = <N extends CallName>(answer: Answer<N>) => {
  if (answer.status !== 200) throw new Error(`expected a result, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
};
const details = async (token: string) => ok(await s.call('GetCustomerDetails', {}, { token }));
const history = async (token: string) => ok(await s.call('GetPaymentHistory', {}, { token })).paymentHistory;
const versionOf = async (userId: string) =>
  (await s.db.selectFrom('account_versions').select('version').where('user_id', '=', userId).executeTakeFirst())?.version ?? '0';

async function subscriber() {
  const parent = await s.signUp();
  const bought = ok(
    await s.call(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
      { token: parent.token, headers: { 'idempotency-key': `versions-${process.pid}-${++keys}` } },
    ),
  );
  return { ...parent, subscriptionId: bought.subscriptionData.id as string };
}

describe('the account version', () => {
  test('a new parent has none (0); a purchase raises it; reading the account does not', async () => {
    const parent = await s.signUp();
    expect(await versionOf(parent.id)).toBe('0');
    expect(await details(parent.token)).toMatchObject({ plan: null, isExpired: true });

    const bought = ok(
      await s.call(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        { token: parent.token, headers: { 'idempotency-key': `versions-${process.pid}-${++keys}` } },
      ),
    );
    const afterPurchase = await versionOf(parent.id);
    expect(Number(afterPurchase)).toBeGreaterThan(0);
    expect(await details(parent.token)).toMatchObject({ plan: { id: 'monthly' }, activeSubscription: { id: bought.subscriptionData.id } });

    await details(parent.token);
    await history(parent.token);
    expect(await versionOf(parent.id)).toBe(afterPurchase);
  });

  test("an operator's SQL on a subscription shows on the next read: the status, then the plan gone", async () => {
    const parent = await subscriber();
    expect(await details(parent.token)).toMatchObject({ activeSubscription: { status: 'Active' } });

    const before = await versionOf(parent.id);
    await s.db.updateTable('subscriptions').set({ status: 'PastDue' }).where('id', '=', parent.subscriptionId).execute();
    expect(Number(await versionOf(parent.id))).toBeGreaterThan(Number(before));
    expect(await details(parent.token)).toMatchObject({ activeSubscription: { status: 'PastDue' } });

    await s.db.deleteFrom('subscriptions').where('id', '=', parent.subscriptionId).execute();
    expect(await details(parent.token)).toMatchObject({ plan: null, isExpired: true, activeSubscription: null });
  });

  test('a payment method changed in the database (through its customer) shows on the next read, in both calls', async () => {
    const parent = await subscriber();
    expect((await details(parent.token)).paymentInfo).toMatchObject({ cardType: 'Visa', last4: '1881' });
    await s.db
      .insertInto('payments')
      .values({
        id: newId(),
        user_id: parent.id,
        customer_id: null,
        subscription_id: parent.subscriptionId,
        payment_method_id: (
          await s.db
            .selectFrom('subscriptions')
            .select('payment_method_id')
            .where('id', '=', parent.subscriptionId)
            .executeTakeFirstOrThrow()
        ).payment_method_id,
        amount_cents: 999,
        status: 'settled',
        description: 'Monthly Plan',
        gateway_transaction_id: null,
        processor_response_code: null,
        processor_response_text: null,
      })
      .execute();
    expect(await history(parent.token)).toMatchObject([{ amount: 9.99, paymentMethod: 'Visa ending in 1881' }]);

    const customer = await s.db.selectFrom('customers').select('id').where('user_id', '=', parent.id).executeTakeFirstOrThrow();
    await s.db
      .updateTable('payment_methods')
      .set({ card_type: 'MasterCard', last4: '4444' })
      .where('customer_id', '=', customer.id)
      .execute();
    expect((await details(parent.token)).paymentInfo).toMatchObject({ cardType: 'MasterCard', last4: '4444' });
    expect(await history(parent.token)).toMatchObject([{ paymentMethod: 'MasterCard ending in 4444' }]);
  });

  test('an email change raises it; a change of a column My Account does not show leaves it', async () => {
    const parent = await s.signUp();
    await s.db.updateTable('users').set({ confirm_promo_emails: true }).where('id', '=', parent.id).execute();
    expect(await versionOf(parent.id)).toBe('0');
    await s.db
      .updateTable('users')
      .set({ email: `renamed-${parent.email}` })
      .where('id', '=', parent.id)
      .execute();
    expect(await versionOf(parent.id)).toBe('1');
  });

  test('deleting a parent deletes their version with them (the triggers of the cascade write none back)', async () => {
    const parent = await subscriber();
    expect(Number(await versionOf(parent.id))).toBeGreaterThan(0);
    await s.db.deleteFrom('users').where('id', '=', parent.id).execute();
    expect(await s.db.selectFrom('account_versions').selectAll().where('user_id', '=', parent.id).execute()).toEqual([]);
  });
});
