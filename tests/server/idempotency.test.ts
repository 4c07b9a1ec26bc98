/**
 * Idempotency keys of the charge-creating calls (src/server/payments/idempotency/store.ts, applied by
 * the router to every `idempotent: true` call): a replay answers the first answer, a key reused
 * with other params is refused, the key may come as a header or in the Parse SDK's body, and 20
 * concurrent PurchaseSubscription calls with one key — spread over two server instances on one
 * PostgreSQL — create one subscription and one charge. On PGlite (one process) the calls go to
 * one instance; on PostgreSQL the test insists on two.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { createIdempotencyStore, IDEMPOTENCY_TTL_MS, requestHash } from '../../src/server/payments/idempotency/store.ts';
import { type Answer, client, startBackendServer } from './backendServer.ts';
import { testDatabaseUrl, useTestDatabase } from './db.ts';
import { insertTestMonthlyOffer, MONTHLY_NO_TRIAL } from './testOffers.ts';

const t = useTestDatabase();
let server: Awaited<ReturnType<typeof startBackendServer>>;
let s: ReturnType<typeof client>;

beforeAll(async () => {
  await importCatalogIfEmpty(t.db, () => readCatalog('funnels'));
  await insertTestMonthlyOffer(t.db, MONTHLY_NO_TRIAL);
  server = await startBackendServer(t.db);
  s = client(() => server.app);
  return () => server.close();
}, 60_000);

let keys = 0;
const newKey = () => `idem-${process.pid}-${Date.now().toString(36)}-${++keys}`;
const purchase = { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'test_monthly_no_trial', expectedTodayCharge: 12.34 };
const chargesOf = (userId: string) =>
  t.db.selectFrom('payments').select(['amount_cents', 'status']).where('user_id', '=', userId).execute();
const subscriptionsOf = (userId: string) => t.db.selectFrom('subscriptions').select('id').where('user_id', '=', userId).execute();

describe('the router', () => {
  test('a replay with the same key and params answers the first answer (same status), charging once', async () => {
    const parent = await s.signUp();
    const key = newKey();
    const first = await s.call('PurchaseSubscription', purchase, { token: parent.token, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const replay = await s.call('PurchaseSubscription', purchase, { token: parent.token, headers: { 'idempotency-key': key } });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await subscriptionsOf(parent.id)).toHaveLength(1);
    expect(await chargesOf(parent.id)).toEqual([{ amount_cents: 1234, status: 'settled' }]);
  });

  test('a failure is an answer too: its replay is the same failure, with its status', async () => {
    const parent = await s.signUp();
    const key = newKey();
    const input = { paymentMethodToken: 'fake-processor-declined-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 };
    const first = await s.call('PurchaseSubscription', input, { token: parent.token, headers: { 'idempotency-key': key } });
    expect(first.body).toMatchObject({ messageKey: 'WP_CardNotValid', processorCode: '2000' });
    const replay = await s.call('PurchaseSubscription', input, { token: parent.token, headers: { 'idempotency-key': key } });
    expect([replay.status, replay.body]).toEqual([first.status, first.body]);
  });

  test('the same key with other params is refused; the same key of another parent is theirs alone', async () => {
    const parent = await s.signUp();
    const key = newKey();
    expect((await s.call('PurchaseSubscription', purchase, { token: parent.token, headers: { 'idempotency-key': key } })).status).toBe(200);
    const other = await s.call(
      'PurchaseSubscription',
      { ...purchase, webOfferId: 'annual', expectedTodayCharge: 0 },
      { token: parent.token, headers: { 'idempotency-key': key } },
    );
    expect(other.status).toBe(400);
    expect(other.body).toEqual({
      code: 142,
      error: 'This idempotency key was used for a different request.',
      messageKey: 'IDEMPOTENCY_KEY_REUSED',
    });

    const someoneElse = await s.signUp();
    expect((await s.call('PurchaseSubscription', purchase, { token: someoneElse.token, headers: { 'idempotency-key': key } })).status).toBe(
      200,
    );
    expect(await subscriptionsOf(someoneElse.id)).toHaveLength(1);
  });

  test(
    'the Parse SDK’s forms: `_idempotencyKey` in a text/plain body, ' + 'or the X-Parse-Request-Id header; a malformed key is refused',
    async () => {
      const parent = await s.signUp();
      const key = newKey();
      const sdkCall = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/functions/PurchaseSubscription',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify({ ...purchase, _SessionToken: parent.token, _ApplicationId: 'app', _idempotencyKey: key }),
        });
      const first = await sdkCall();
      expect(first.statusCode).toBe(200);
      const again = await sdkCall();
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');

      const viaParseHeader = await s.call(
        'UpdateCreditCard',
        { paymentNonce: 'fake-valid-amex-nonce' },
        { token: parent.token, headers: { 'x-parse-request-id': newKey() } },
      );
      expect(viaParseHeader.body).toEqual({ result: { success: true } });

      const tooLong = await s.call('PurchaseSubscription', purchase, {
        token: parent.token,
        headers: { 'idempotency-key': 'x'.repeat(256) },
      });
      expect(tooLong.body).toMatchObject({ code: 142, messageKey: 'IDEMPOTENCY_KEY_REQUIRED' });
    },
  );

  test('BulkPurchase (no session needed) takes a key too: a replay gives the same codes, created once', async () => {
    const key = newKey();
    const input = {
      webOfferId: 'gift_3_months',
      expectedTodayCharge: 59.98,
      quantity: 2,
      paymentMethodToken: 'fake-valid-visa-nonce',
      customerOptions: { email: 'gifts@example.com' },
      captchaToken: 'local-captcha:paymentForm',
    };
    const ip = '10.9.8.7';
    const first = await s.call('BulkPurchase', input, { ip, headers: { 'idempotency-key': key } });
    const replay = await s.call('BulkPurchase', input, { ip, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const { orderId } = first.body.result as { orderId: string };
    expect(await t.db.selectFrom('code_batches').select('quantity').where('payment_id', '=', orderId).execute()).toEqual([{ quantity: 2 }]);
    expect((await s.call('BulkPurchase', input, { ip })).body).toMatchObject({ code: 142, messageKey: 'IDEMPOTENCY_KEY_REQUIRED' });
  });
});

describe('under concurrency', () => {
  test(
    '20 concurrent PurchaseSubscription calls with one key, over two server instances ' +
      'on one PostgreSQL (one instance on PGlite): one subscription, one charge, one answer',
    async () => {
      const onPostgres = testDatabaseUrl() !== null;
      expect(t.kind).toBe(onPostgres ? 'postgres' : 'pglite');
      const second: DatabaseHandle | null = t.kind === 'postgres' ? await t.openAnother() : null;
      const secondServer = second ? await startBackendServer(second.db) : null;
      const callers = [s, ...(secondServer ? [client(() => secondServer.app)] : [])];
      expect(callers).toHaveLength(onPostgres ? 2 : 1);
      try {
        const parent = await s.signUp();
        const key = newKey();
        const answers: Answer[] = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            callers[i % callers.length]!.call('PurchaseSubscription', purchase, {
              token: parent.token,
              headers: { 'idempotency-key': key },
            }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
        expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
        expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
        expect(await subscriptionsOf(parent.id)).toHaveLength(1);
        expect(await chargesOf(parent.id)).toEqual([{ amount_cents: 1234, status: 'settled' }]);
        const gatewayCharges = await t.db
          .selectFrom('sandbox_transactions')
          .select('id')
          .where('amount_cents', '=', 1234)
          .where(
            'payment_method_token',
            'in',
            t.db
              .selectFrom('payment_methods')
              .innerJoin('customers', 'customers.id', 'payment_methods.customer_id')
              .select('gateway_token')
              .where('customers.user_id', '=', parent.id),
          )
          .execute();
        expect(gatewayCharges).toHaveLength(1);
      } finally {
        await secondServer?.close();
        await second?.close();
      }
    },
  );

  test(
    'two tabs, two keys, two cards: the parent’s payments run one at a time — one plan, ' + 'the other WP_AlreadyHaveSubscription',
    async () => {
      const parent = await s.signUp();
      const [a, b] = await Promise.all([
        s.call(
          'PurchaseSubscription',
          { ...purchase, paymentMethodToken: 'fake-valid-visa-nonce' },
          { token: parent.token, headers: { 'idempotency-key': newKey() } },
        ),
        s.call(
          'PurchaseSubscription',
          { ...purchase, paymentMethodToken: 'fake-valid-mastercard-nonce' },
          { token: parent.token, headers: { 'idempotency-key': newKey() } },
        ),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      expect([a, b].find((x) => x.status === 400)!.body).toMatchObject({ messageKey: 'WP_AlreadyHaveSubscription' });
      expect(await chargesOf(parent.id)).toHaveLength(1);
    },
  );
});

describe('the store', () => {
  const request = (key: string) => ({ scope: 'Test:user:u1', key, requestHash: requestHash({ a: 1 }) });
  const answer = { status: 200, body: { result: { n: 1 } } };
  const stored = { status: 200, json: '{"result":{"n":1}}' };

  test('a duplicate waits for the first request’s answer; one still running after the wait is refused with 159', async () => {
    const store = createIdempotencyStore(t.db, { waitForPendingMs: 5_000 });
    const key = newKey();
    let release!: () => void;
    const running = store.run(request(key), () => new Promise((resolve) => (release = () => resolve(answer))));
    await new Promise((r) => setTimeout(r, 100));
    const waiting = store.run(request(key), async () => {
      throw new Error('a duplicate must not run');
    });
    setTimeout(() => release(), 300);
    expect(await running).toEqual({ answer: stored, replayed: false });
    expect(await waiting).toEqual({ answer: stored, replayed: true });

    const impatient = createIdempotencyStore(t.db, { waitForPendingMs: 200 });
    const stuck = newKey();
    void impatient.run(request(stuck), () => new Promise(() => {}));
    await new Promise((r) => setTimeout(r, 50));
    await expect(impatient.run(request(stuck), async () => answer)).rejects.toMatchObject({ code: 159, messageKey: 'REQUEST_IN_PROGRESS' });
  });

  test('params are compared canonically: the same object in another key order is the same request', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(requestHash({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });

  test('a pending key left by a request that died is taken over after 5 minutes; expired keys are purged', async () => {
    const key = newKey();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await t.db
      .insertInto('idempotency_keys')
      .values({
        scope: 'Test:user:u1',
        key,
        request_hash: requestHash({ a: 1 }),
        status: 'pending',
        response: null,
        created_at: longAgo,
        completed_at: null,
        expires_at: new Date(longAgo.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .execute();
    const store = createIdempotencyStore(t.db, { waitForPendingMs: 1_000 });
    expect(await store.run(request(key), async () => answer)).toEqual({ answer: stored, replayed: false });

    const later = createIdempotencyStore(t.db, { now: () => new Date(Date.now() + IDEMPOTENCY_TTL_MS + 60_000) });
    expect(await later.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toEqual([]);
  });
});
