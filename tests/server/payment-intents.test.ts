/**
 * Write-ahead payments as a parent and an operator see them, on the sandbox gateway with faults
 * armed around it (faultyGateway.ts): the intent is recorded before the gateway is called; a
 * charge whose answer was lost, one never made, one our side cannot record and one half made
 * are each completed or given back — by the same request sent again or by reconciliation —
 * and nobody is charged twice.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallInput, CallName } from '../../src/contract/index.ts';
import { displayCode } from '../../src/domain/codes.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { findCode } from '../../src/server/codes/repository.ts';
import { createCodes } from '../../src/server/codes/service.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/gateway.ts';
import { type Answer, client, startBackendServer } from './backendServer.ts';
import { useTestDatabase } from './db.ts';
import { type FaultyGateway, faultyGateway } from './faultyGateway.ts';

const t = useTestDatabase();
const MINUTE = 60_000;
let clock = new Date('2026-03-02T10:00:00Z');
const lines: { level: number; msg: string; intentId?: string; status?: string }[] = [];
let faults: FaultyGateway;
let server: Awaited<ReturnType<typeof startBackendServer>>;
const s = client(() => server.app);

beforeAll(async () => {
  await importCatalogIfEmpty(t.db, () => readCatalog('funnels'));
  await t.db
    .insertInto('web_offers')
    .values({
      id: 'intent_monthly_no_trial',
      plan_id: 'intent_monthly_1234',
      plan_name: 'Monthly, no trial',
      plan_data_key: 'monthly',
      subscription_duration: 'monthly',
      price_cents: 1234,
      trial_duration_days: 0,
      subscription_type: 'recurring',
      description_key: 'Monthly',
      tags: ['test'],
    })
    .execute();
  faults = faultyGateway(createSandboxGateway({ db: t.db, now: () => clock }));
  const stream = new Writable({
    write: (chunk, _encoding, done) => {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  server = await startBackendServer(t.db, {
    logger: { level: 'warn', stream },
    overrides: { paymentGateway: faults.gateway, now: () => clock },
  });
}, 60_000);
afterAll(async () => server?.close());

/** Later: leases of requests that died run out. */
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * MINUTE);
};

let keys = 0;
const newKey = () => `intent-test-${++keys}`;
const pay = <N extends CallName>(name: N, input: CallInput<N> | Record<string, unknown>, token: string | null, key: string) =>
  s.call(name, input, { token, ip: '10.9.9.9', headers: { 'idempotency-key': key } });
const ok = <N extends CallName>(answer: Answer<N>) => {
  if (answer.status !== 200) throw new Error(`expected a result, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
};

const intentsOf = (userId: string) =>
  t.db.selectFrom('payment_intents').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const subscriptionsOf = (userId: string) => t.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
const sandboxSubscription = (id: string) => t.db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
const sandboxCharges = (orderOrSubscription: string) =>
  t.db
    .selectFrom('sandbox_transactions')
    .selectAll()
    .where((eb) => eb.or([eb('order_id', '=', orderOrSubscription), eb('subscription_id', '=', orderOrSubscription)]))
    .execute();

const UNCONFIRMED = {
  code: 159,
  messageKey: 'REQUEST_IN_PROGRESS',
  error:
    'We could not confirm your payment yet. Please wait a minute, ' +
    'then check your account before trying again: you will not be charged twice.',
};

describe('the intent comes first', () => {
  test('a purchase is recorded as an open intent before the gateway is called, and charged under the intent’s id', async () => {
    const parent = await s.signUp();
    let atTheGateway: { status: string }[] = [];
    faults.watch('createSubscription', async () => {
      atTheGateway = await intentsOf(parent.id);
    });
    const answer = ok(
      await pay(
        'PurchaseSubscription',
        {
          paymentMethodToken: 'fake-valid-visa-nonce',
          webOfferId: 'annual',
          expectedTodayCharge: 0,
          utmParamsObject: { utm_source: 'spring' },
        },
        parent.token,
        newKey(),
      ),
    );

    expect(atTheGateway).toMatchObject([{ status: 'open', call: 'PurchaseSubscription', amount_cents: 0 }]);
    const [intent] = await intentsOf(parent.id);
    expect(intent).toMatchObject({ status: 'completed', resolved_by: 'request', outcome: { gatewaySubscriptionId: intent!.id } });
    expect(await subscriptionsOf(parent.id)).toMatchObject([{ id: answer.subscriptionData.id, gateway_subscription_id: intent!.id }]);
    expect(await sandboxSubscription(intent!.id)).toMatchObject({ status: 'Active' });
  });

  test('a lifetime sale is ordered under the intent’s id, and the payment is that order', async () => {
    const parent = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'lifetime', expectedTodayCharge: 149.99 },
        parent.token,
        newKey(),
      ),
    );
    const [intent] = await intentsOf(parent.id);
    expect(await sandboxCharges(intent!.id)).toMatchObject([{ order_id: intent!.id, status: 'settled' }]);
    expect(await t.db.selectFrom('payments').select(['id', 'status']).where('user_id', '=', parent.id).execute()).toEqual([
      { id: intent!.id, status: 'settled' },
    ]);
  });
});

describe('a lost answer, a charge never made, a record that fails, half a purchase', () => {
  test(
    'the answer of a charge is lost: the parent is asked to wait; ' + 'the same request after the lease gets the plan, charged once',
    async () => {
      const parent = await s.signUp();
      const key = newKey();
      const input = { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'intent_monthly_no_trial', expectedTodayCharge: 12.34 };
      faults.arm('createSubscription', 'after');
      const lost = await pay('PurchaseSubscription', input, parent.token, key);
      expect(lost.status).toBe(409);
      expect(lost.body).toMatchObject(UNCONFIRMED);
      const [open] = await intentsOf(parent.id);
      expect(open).toMatchObject({ status: 'open' });
      expect(await sandboxCharges(open!.id)).toHaveLength(1);
      expect(await subscriptionsOf(parent.id)).toEqual([]);

      // Still within the lease: the request that died might yet finish it.
      expect((await pay('PurchaseSubscription', input, parent.token, key)).body).toMatchObject(UNCONFIRMED);
      later(3);
      const again = ok(await pay('PurchaseSubscription', input, parent.token, key));
      expect(again.subscriptionData).toMatchObject({ status: 'Active', trialDuration: 0 });
      expect(await subscriptionsOf(parent.id)).toMatchObject([{ id: again.subscriptionData.id, gateway_subscription_id: open!.id }]);
      expect(await sandboxCharges(open!.id)).toHaveLength(1);
      expect(await t.db.selectFrom('payments').select(['amount_cents', 'status']).where('user_id', '=', parent.id).execute()).toEqual([
        { amount_cents: 1234, status: 'settled' },
      ]);
      expect((await intentsOf(parent.id))[0]).toMatchObject({ status: 'completed', resolved_by: 'reconciliation' });
      // And once more: the same answer, from the idempotency key.
      expect(ok(await pay('PurchaseSubscription', input, parent.token, key))).toEqual(again);
    },
  );

  test('reconciliation completes a lost lifetime sale by its order id and logs the repair at warn level', async () => {
    const parent = await s.signUp();
    faults.arm('sale', 'after');
    expect(
      (
        await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'lifetime', expectedTodayCharge: 149.99 },
          parent.token,
          newKey(),
        )
      ).status,
    ).toBe(409);
    later(3);
    const summary = await server.app.backend.reconcile();
    const [intent] = await intentsOf(parent.id);
    expect(summary.intents).toContainEqual(expect.objectContaining({ id: intent!.id, call: 'PurchaseSubscription', status: 'completed' }));
    expect(await subscriptionsOf(parent.id)).toMatchObject([{ is_lifetime: true, status: 'Active' }]);
    expect(await t.db.selectFrom('payments').select('id').where('user_id', '=', parent.id).execute()).toEqual([{ id: intent!.id }]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'payment intent completed by reconciliation', intentId: intent!.id }),
    );
    expect((await server.app.backend.reconcile()).intents.map((i) => i.id)).not.toContain(intent!.id);
  });

  test(
    'a charge never made (the gateway was down): the intent fails, ' +
      'the coupon is the parent’s again, the same request says nothing was charged, a new one buys',
    async () => {
      const { codes } = await createCodes(t.db, { kind: 'coupon', webOfferId: 'coupon_annual', source: 'test' });
      const code = displayCode(codes[0]!);
      const parent = await s.signUp();
      const key = newKey();
      const input = { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'coupon_annual', expectedTodayCharge: 0, couponCode: code };
      faults.arm('createSubscription', 'before');
      expect((await pay('PurchaseSubscription', input, parent.token, key)).body).toMatchObject(UNCONFIRMED);
      expect((await findCode(t.db, code))?.redeemed_by_user_id).toBe(parent.id);

      later(3);
      await server.app.backend.reconcile();
      expect((await intentsOf(parent.id))[0]).toMatchObject({ status: 'failed', resolved_by: 'reconciliation' });
      expect((await findCode(t.db, code))?.redeemed_at).toBeNull();
      const same = await pay('PurchaseSubscription', input, parent.token, key);
      expect(same.status).toBe(400);
      expect(same.body).toMatchObject({
        code: 141,
        error: 'Your payment did not go through, and you have not been charged. Please try again.',
      });

      ok(await pay('PurchaseSubscription', input, parent.token, newKey()));
      expect(await subscriptionsOf(parent.id)).toMatchObject([{ code: codes[0], web_offer_id: 'coupon_annual' }]);
    },
  );

  test(
    'our record failing after the charge: the plan is cancelled at the gateway, ' + 'the charge refunded, and the parent told so',
    async () => {
      const parent = await s.signUp();
      await sql`create function refuse_subscription() returns trigger language plpgsql as $$
        begin if new.user_id = ${sql.lit(parent.id)} then raise exception 'the test refuses this row'; end if; return new; end $$`.execute(
        t.db,
      );
      await sql`create trigger refuse_subscription before insert on subscriptions
        for each row execute function refuse_subscription()`.execute(t.db);
      try {
        const answer = await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'intent_monthly_no_trial', expectedTodayCharge: 12.34 },
          parent.token,
          newKey(),
        );
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          code: 141,
          error:
            'We could not complete your purchase, so your payment was cancelled and you have ' +
            'not been charged. Please try again, or contact customer support if this persists.',
        });
      } finally {
        await sql`drop trigger refuse_subscription on subscriptions`.execute(t.db);
        await sql`drop function refuse_subscription()`.execute(t.db);
      }
      const [intent] = await intentsOf(parent.id);
      expect(intent).toMatchObject({ status: 'reversed', resolved_by: 'request' });
      expect(await sandboxSubscription(intent!.id)).toMatchObject({ status: 'Canceled' });
      expect(await sandboxCharges(intent!.id)).toMatchObject([{ amount_cents: 1234, status: 'refunded' }]);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'a payment made at the gateway could not be recorded: it is given back',
          intentId: intent!.id,
        }),
      );
    },
  );

  test('half a class add-on (its subscription made, today’s charge never): reconciliation cancels the subscription', async () => {
    const parent = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
        parent.token,
        newKey(),
      ),
    );
    faults.arm('sale', 'before');
    expect(
      (
        await pay(
          'CreateClassAddOnSubscription',
          { paymentMethodToken: 'fake-valid-mastercard-nonce', classAddOnId: 'addon_four_classes', expectedTodayCharge: 10 },
          parent.token,
          newKey(),
        )
      ).body,
    ).toMatchObject(UNCONFIRMED);
    const addOn = (await intentsOf(parent.id))[1]!;
    expect(await sandboxSubscription(addOn.id)).toMatchObject({ status: 'Active' });

    later(3);
    await server.app.backend.reconcile();
    expect((await intentsOf(parent.id))[1]).toMatchObject({ status: 'reversed' });
    expect(await sandboxSubscription(addOn.id)).toMatchObject({ status: 'Canceled' });
    expect((await subscriptionsOf(parent.id)).map((row) => row.product)).toEqual(['app']);
  });

  test('a server error before anything is charged is not kept with the key: the same request, sent again, buys', async () => {
    const parent = await s.signUp();
    const key = newKey();
    const input = { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 };
    faults.arm('vaultPaymentMethod', 'before');
    const failed = await pay('PurchaseSubscription', input, parent.token, key);
    expect([failed.status, failed.body]).toEqual([500, { code: 1, error: 'Internal server error.', requestId: expect.any(String) }]);
    expect(failed.headers['x-request-id']).toBe(failed.body.requestId);
    expect(await intentsOf(parent.id)).toEqual([]);
    ok(await pay('PurchaseSubscription', input, parent.token, key));
    expect(await subscriptionsOf(parent.id)).toHaveLength(1);
  });

  test('a parent paying again with a new key first settles their lost payment: they already have the plan, and pay once', async () => {
    const parent = await s.signUp();
    faults.arm('createSubscription', 'after');
    expect(
      (
        await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
          parent.token,
          newKey(),
        )
      ).status,
    ).toBe(409);
    later(3);
    const again = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-mastercard-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
      parent.token,
      newKey(),
    );
    expect(again.body).toMatchObject({ messageKey: 'WP_AlreadyHaveSubscription' });
    expect(await subscriptionsOf(parent.id)).toHaveLength(1);
    expect(faults.calls.createSubscription).toBeGreaterThan(0);
  });
});

describe('answers that hold codes', () => {
  test('a bulk purchase keeps no codes with its Idempotency-Key or its intent; the same request answers the same codes', async () => {
    const key = newKey();
    const input = {
      webOfferId: 'volume_12_months',
      expectedTodayCharge: 179.97,
      quantity: 3,
      paymentMethodToken: 'fake-valid-visa-nonce',
      customerOptions: { email: 'school@example.com', firstName: 'Ada', lastName: 'School' },
      captchaToken: 'local-captcha:paymentForm',
    };
    const first = ok(await pay('BulkPurchase', input, null, key));
    expect(first.codes).toHaveLength(3);
    const stored = await t.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'completed', response: null });
    const intent = await t.db.selectFrom('payment_intents').selectAll().where('id', '=', first.orderId).executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ status: 'completed', answer: null });
    expect(JSON.stringify([stored, intent])).not.toContain(first.codes[0]!.replaceAll('-', ''));

    const replay = await pay('BulkPurchase', input, null, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(ok(replay)).toEqual(first);
    expect(await sandboxCharges(first.orderId)).toHaveLength(1);
  });
});
