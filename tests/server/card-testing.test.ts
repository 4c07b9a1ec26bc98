/**
 * No card testing (docs/payments.md "Card testing"): a BulkPurchase without a session needs the
 * payment form's captcha, and at most 5 declines an hour per client address and 3 a day per card
 * reach the gateway; the rest answer 429 WP_TooManyDeclines without touching it. Counted at the
 * gateway's door (every call the sandbox gateway gets), with parallel requests, on PGlite and
 * PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nonceForCard } from '../../src/adapters/payment/sandbox/cards.ts';
import type { CallName } from '../../src/contract/index.ts';
import { type CardBrand, sandboxCardNonce } from '../../src/domain/sandboxCardNonce.ts';
import { createMemoryRateLimitStore, createSqlRateLimitStore } from '../../src/server/auth/rateLimits.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { createBraintreeGateway } from '../../src/server/payments/braintree/gateway.ts';
import { createDeclineLimits } from '../../src/server/payments/declineLimits.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/gateway.ts';
import { type Answer, type BackendServerOptions, client, startBackendServer } from './backendServer.ts';
import { useTestDatabase } from './db.ts';
import { CREDENTIALS } from './fakeBraintree.ts';
import { startFakeBraintreeGateway } from './fakeBraintreeGateway.ts';

const t = useTestDatabase();
let clock = new Date('2026-03-02T10:20:00Z');

type Counted = 'createCustomer' | 'vaultPaymentMethod' | 'verifyPaymentMethod' | 'sale';
const calls: Record<Counted, number> = { createCustomer: 0, vaultPaymentMethod: 0, verifyPaymentMethod: 0, sale: 0 };
const resetCalls = () => {
  for (const name of Object.keys(calls) as Counted[]) calls[name] = 0;
};

/** The sandbox gateway, counting every call that reaches it. */
function countingGateway(inner: PaymentGateway): PaymentGateway {
  const counted =
    <A, R>(name: Counted, real: (args: A) => Promise<R>) =>
    (args: A) => {
      calls[name]++;
      return real(args);
    };
  return {
    ...inner,
    createCustomer: counted('createCustomer', inner.createCustomer),
    vaultPaymentMethod: counted('vaultPaymentMethod', inner.vaultPaymentMethod),
    verifyPaymentMethod: counted('verifyPaymentMethod', inner.verifyPaymentMethod),
    sale: counted('sale', inner.sale),
  };
}

let server: Awaited<ReturnType<typeof startBackendServer>>;
const s = client(() => server.app);

async function serverWith(o: BackendServerOptions = {}) {
  const gateway = countingGateway(createSandboxGateway({ db: t.db, now: () => clock }));
  return startBackendServer(t.db, { ...o, overrides: { paymentGateway: gateway, now: () => clock, ...o.overrides } });
}

beforeAll(async () => {
  await importCatalogIfEmpty(t.db, () => readCatalog('funnels'));
  server = await serverWith();
}, 60_000);
afterAll(async () => server?.close());

let n = 0;
/** A card of its own for each test (the per-card budget lasts a day): a typed card whose verification is declined (2000), or approved. */
const card = (outcome: 'declined' | 'approved', brand: CardBrand = 'visa') =>
  sandboxCardNonce({
    brand,
    last4: String(1000 + (++n % 9000)),
    expirationMonth: 12,
    expirationYear: 2030,
    outcome,
    fingerprint: (n % 256).toString(16).padStart(2, '0'),
  });
let addresses = 0;
const newAddress = () => `198.51.${Math.floor(++addresses / 250)}.${1 + (addresses % 250)}`;

const PAYMENT_CAPTCHA = 'local-captcha:paymentForm';
const gift = (paymentMethodToken: string, extra: Record<string, unknown> = {}) => ({
  webOfferId: 'gift_3_months',
  quantity: 1,
  paymentMethodToken,
  customerOptions: { email: 'gift-buyer@example.com' },
  captchaToken: PAYMENT_CAPTCHA,
  expectedTodayCharge: 29.99,
  ...extra,
});
let keys = 0;
const buy = (input: Record<string, unknown>, ip: string, token: string | null = null, name: CallName = 'BulkPurchase') =>
  s.call(name, input, { ip, token, headers: { 'idempotency-key': `card-testing-${process.pid}-${++keys}` } });

const DECLINED = { code: 141, messageKey: 'WP_CardNotValid', processorCode: '2000' };
const TOO_MANY = { code: 155, messageKey: 'WP_TooManyDeclines' };
const outcome = (a: Answer) => (a.status === 200 ? 'bought' : a.body.messageKey === 'WP_TooManyDeclines' ? 'limited' : a.body.messageKey);
const tally = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[String(outcome(a))] = (counts[String(outcome(a))] ?? 0) + 1;
  return counts;
};

describe('the decline budgets, asked 30 at once (declineLimits.ts)', () => {
  const stores = { database: () => createSqlRateLimitStore(t.db), memory: () => createMemoryRateLimitStore() };
  for (const [kind, store] of Object.entries(stores))
    test(`${kind} counters: exactly the limit is admitted; places given back are taken again, and no more`, async () => {
      const at = new Date('2026-03-01T10:00:00Z');
      const limits = createDeclineLimits({ store: store(), now: () => at });
      const address = `203.0.113.${kind === 'database' ? 1 : 2}`;
      const first = await Promise.all(Array.from({ length: 30 }, () => limits.admitAddress(address)));
      const admitted = first.filter((a) => a.ok);
      expect(admitted).toHaveLength(5);
      expect(first.find((a) => !a.ok)).toEqual({ ok: false, retryAfterSeconds: 3600 });
      // Two attempts end without a decline: their places come back, and 30 more attempts get exactly those two.
      for (const a of admitted.slice(0, 2)) if (a.ok) await limits.release(a.hold);
      const second = await Promise.all(Array.from({ length: 30 }, () => limits.admitAddress(address)));
      expect(second.filter((a) => a.ok)).toHaveLength(2);
      const cards = await Promise.all(Array.from({ length: 30 }, () => limits.admitCard(`card-${kind}`)));
      expect(cards.filter((a) => a.ok)).toHaveLength(3);
      expect(cards.find((a) => !a.ok)).toEqual({ ok: false, retryAfterSeconds: 14 * 3600 });
    });
});

describe('declines per client address: 5 an hour', () => {
  test(
    '30 guest purchases at once from one address, each with another declined card: 5 reach the gateway and are declined, ' +
      '25 answer 429 WP_TooManyDeclines without touching it; the address stays refused for the hour, another buys',
    async () => {
      clock = new Date('2026-03-02T10:20:00Z');
      resetCalls();
      const ip = newAddress();
      const answers = await Promise.all(Array.from({ length: 30 }, () => buy(gift(card('declined')), ip)));
      expect(tally(answers)).toEqual({ WP_CardNotValid: 5, limited: 25 });
      for (const a of answers.filter((x) => outcome(x) === 'limited')) {
        expect(a.status).toBe(429);
        expect(a.body).toEqual({
          ...TOO_MANY,
          error: 'Too many card payments were declined. For your security, please wait before trying again.',
        });
      }
      for (const a of answers.filter((x) => outcome(x) === 'WP_CardNotValid')) expect(a.body).toMatchObject(DECLINED);
      expect(calls).toEqual({ createCustomer: 5, vaultPaymentMethod: 5, verifyPaymentMethod: 5, sale: 0 });

      // Later in the hour, even a good card from that address is not tried; from another address it buys.
      clock = new Date('2026-03-02T10:55:00Z');
      expect((await buy(gift(card('approved')), ip)).body).toMatchObject(TOO_MANY);
      expect(calls.createCustomer).toBe(5);
      const elsewhere = await buy(gift(card('approved')), newAddress());
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.result).toMatchObject({ codes: [expect.stringMatching(/^GIFT/)] });

      // The next hour the address has its budget again.
      clock = new Date('2026-03-02T11:01:00Z');
      expect((await buy(gift(card('approved')), ip)).status).toBe(200);
      expect((await buy(gift(card('declined')), ip)).body).toMatchObject(DECLINED);
    },
  );

  test('purchases do not count, declined charges do: after 4 declines good cards buy, the 5th decline is tried, the 6th not', async () => {
    clock = new Date('2026-03-02T12:10:00Z');
    const ip = newAddress();
    for (let i = 0; i < 4; i++) expect((await buy(gift(card('declined')), ip)).body).toMatchObject(DECLINED);
    for (let i = 0; i < 6; i++) expect((await buy(gift(card('approved')), ip)).status).toBe(200);
    // A charge the bank declines (100 Girl Scouts seats at $20 are $2000.00: declined 2000 by the sandbox) is a decline too.
    const seats = { webOfferId: 'edu_12_months', campaignId: 'girl-scouts', quantity: 100, expectedTodayCharge: 2000 };
    resetCalls();
    expect((await buy(gift(card('approved'), seats), ip)).body).toMatchObject(DECLINED);
    expect(calls).toMatchObject({ verifyPaymentMethod: 1, sale: 1 });
    expect((await buy(gift(card('approved')), ip)).body).toMatchObject(TOO_MANY);
    expect(calls).toMatchObject({ createCustomer: 1, sale: 1 });
  });
});

describe('declines per card: 3 a day, from any address', () => {
  test(
    'one declined card from 6 addresses in turn: 3 verifications reach the bank, then 429; ' +
      'the typed number and its test nonce are one card; the next day it is tried again',
    async () => {
      clock = new Date('2026-03-03T08:00:00Z');
      resetCalls();
      // What the sandbox card fields make of 5105 1051 0510 5100 typed, and Braintree's test nonce of that card.
      const nonces = ['fake-processor-declined-mastercard-nonce', nonceForCard('5105 1051 0510 5100', { month: 4, year: 2031 })];
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i++) answers.push(await buy(gift(nonces[i % 2]!), newAddress()));
      expect(answers.map(outcome)).toEqual(['WP_CardNotValid', 'WP_CardNotValid', 'WP_CardNotValid', 'limited', 'limited', 'limited']);
      // Naming the card takes a vaulting without verification; the bank is asked 3 times only.
      expect(calls).toEqual({ createCustomer: 6, vaultPaymentMethod: 6, verifyPaymentMethod: 3, sale: 0 });

      clock = new Date('2026-03-04T00:00:01Z');
      expect((await buy(gift(nonces[0]!), newAddress())).body).toMatchObject(DECLINED);
    },
  );

  test('30 at once from one address with one declined card: the card’s 3 declines, no more', async () => {
    clock = new Date('2026-03-03T09:00:00Z');
    resetCalls();
    const ip = newAddress();
    const declined = card('declined', 'discover');
    const answers = await Promise.all(Array.from({ length: 30 }, () => buy(gift(declined), ip)));
    expect(tally(answers)).toEqual({ WP_CardNotValid: 3, limited: 27 });
    expect(calls.verifyPaymentMethod).toBe(3);
    expect(calls.sale).toBe(0);
  });

  test('a card whose charges are declined is limited like one whose verification is: 3 declined sales, then 429', async () => {
    clock = new Date('2026-03-03T10:00:00Z');
    const approved = card('approved', 'amex');
    const seats = { webOfferId: 'edu_12_months', campaignId: 'girl-scouts', quantity: 100, expectedTodayCharge: 2000 };
    for (let i = 0; i < 3; i++) expect((await buy(gift(approved, seats), newAddress())).body).toMatchObject(DECLINED);
    resetCalls();
    expect((await buy(gift(approved), newAddress())).body).toMatchObject(TOO_MANY);
    expect(calls).toEqual({ createCustomer: 1, vaultPaymentMethod: 1, verifyPaymentMethod: 0, sale: 0 });
  });
});

describe('the captcha', () => {
  test('missing, of another action or made up: 400 CAPTCHA_FAILED before anything reaches the gateway, and no budget used', async () => {
    clock = new Date('2026-03-05T10:00:00Z');
    resetCalls();
    const ip = newAddress();
    for (const captchaToken of [undefined, 'local-captcha:registration', 'made-up']) {
      const refused = await buy(gift(card('declined'), { captchaToken }), ip);
      expect([refused.status, refused.body], String(captchaToken)).toEqual([
        400,
        { code: 142, messageKey: 'CAPTCHA_FAILED', error: 'Please complete the reCaptcha requirements' },
      ]);
    }
    for (let i = 0; i < 2; i++) expect((await buy(gift(card('declined'), { captchaToken: 'nope' }), ip)).body.code).toBe(142);
    expect(calls).toEqual({ createCustomer: 0, vaultPaymentMethod: 0, verifyPaymentMethod: 0, sale: 0 });
    // None of them used the address's budget: five declines are still tried.
    for (let i = 0; i < 5; i++) expect((await buy(gift(card('declined')), ip)).body).toMatchObject(DECLINED);
    expect((await buy(gift(card('declined')), ip)).body).toMatchObject(TOO_MANY);
  });

  test('with CAPTCHA_PROVIDER=recaptcha Google decides: a human score buys, a low score or the local token is refused', async () => {
    clock = new Date('2026-03-05T11:00:00Z');
    const verdicts: Record<string, unknown> = {
      human: { success: true, score: 0.9, action: 'paymentForm' },
      bot: { success: true, score: 0.2, action: 'paymentForm' },
      signup: { success: true, score: 0.9, action: 'registration' },
    };
    const captchaFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const token = new URLSearchParams(String(init?.body)).get('response') ?? '';
      return new Response(JSON.stringify(verdicts[token] ?? { success: false }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const recaptcha = await serverWith({
      backend: { captcha: { provider: 'recaptcha', recaptchaSecret: 'the-secret', recaptchaMinScore: 0.5 } },
      overrides: { captchaFetch },
    });
    try {
      const call = client(() => recaptcha.app).call;
      const pay = (captchaToken: string) =>
        call('BulkPurchase', gift(card('approved'), { captchaToken }), {
          ip: newAddress(),
          headers: { 'idempotency-key': `rc-${++keys}` },
        });
      resetCalls();
      for (const token of ['bot', 'signup', PAYMENT_CAPTCHA])
        expect((await pay(token)).body, token).toMatchObject({ messageKey: 'CAPTCHA_FAILED' });
      expect(calls.createCustomer).toBe(0);
      expect((await pay('human')).status).toBe(200);
    } finally {
      await recaptcha.close();
    }
  });
});

describe('on the Braintree gateway (the official SDK against a fake Braintree that remembers)', () => {
  test(
    'the card is named by an unverified vaulting, then verified: one declined card from 5 addresses is verified 3 times, ' +
      'the rest 429; a good card is verified and charged',
    async () => {
      clock = new Date('2026-03-07T10:00:00Z');
      const fake = await startFakeBraintreeGateway({ delayMs: 0 });
      const onBraintree = await startBackendServer(t.db, {
        overrides: {
          paymentGateway: createBraintreeGateway({ credentials: CREDENTIALS, endpoint: { host: '127.0.0.1', port: fake.port } }),
          now: () => clock,
        },
      });
      try {
        const call = client(() => onBraintree.app).call;
        const pay = (nonce: string) =>
          call('BulkPurchase', gift(nonce), { ip: newAddress(), headers: { 'idempotency-key': `bt-${process.pid}-${++keys}` } });
        const answers: Answer[] = [];
        for (let i = 0; i < 5; i++) answers.push(await pay('fake-processor-declined-visa-nonce'));
        expect(answers.map(outcome)).toEqual(['WP_CardNotValid', 'WP_CardNotValid', 'WP_CardNotValid', 'limited', 'limited']);
        expect(fake.verifications).toBe(3);
        expect(fake.transactions.size).toBe(0);

        const bought = await pay('fake-valid-visa-nonce');
        expect(bought.status).toBe(200);
        expect(fake.verifications).toBe(4);
        expect([...fake.transactions.values()]).toMatchObject([{ amount: '29.99', status: 'submitted_for_settlement' }]);
      } finally {
        await onBraintree.close();
        await fake.close();
      }
    },
  );
});

describe('with a session', () => {
  test('no captcha asked, declines not limited (docs/decisions.md): a parent’s 7 declines from one address are each tried', async () => {
    clock = new Date('2026-03-06T10:00:00Z');
    const parent = await s.signUp();
    const ip = newAddress();
    const declined = card('declined');
    resetCalls();
    for (let i = 0; i < 7; i++) {
      const answer = await buy({ ...gift(declined), captchaToken: undefined, customerOptions: {} }, ip, parent.token);
      expect(answer.body).toMatchObject(DECLINED);
    }
    expect(calls.vaultPaymentMethod).toBe(7);
    expect(calls.verifyPaymentMethod).toBe(0);
    const bought = await buy({ ...gift(card('approved')), captchaToken: undefined, customerOptions: {} }, ip, parent.token);
    expect(bought.status).toBe(200);
  });
});
