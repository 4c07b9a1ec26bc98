/**
 * Money and accounts against abuse: the requests an attacker tried on a production-mode server
 * (NODE_ENV=production settings, every request from loopback), replayed against this code, one
 * test per finding, each asserting what the caller gets now. The last test prints the table of
 * findings with what each does now, from the answers the server gave (docs/payments.md,
 * docs/operator.md say why).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MessageKey } from '../../src/contract/index.ts';
import { PRE_SESSION_COOKIE } from '../../src/server/adminPages/routes.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { ConfigError, readServerEnv } from '../../src/server/config.ts';
import { adminBrowser, newOperator, OPERATOR_PASSWORD } from './adminPages.ts';
import { type Answer, client, newEmail, PASSWORD, startBackendServer } from './backendServer.ts';
import { useTestDatabase } from './db.ts';
import { insertEndedTrial } from './endedTrial.ts';

const LOOPBACK = '127.0.0.1';
const t = useTestDatabase();
let server: Awaited<ReturnType<typeof startBackendServer>>;
const s = client(() => server.app);

beforeAll(async () => {
  await importCatalogIfEmpty(t.db, () => readCatalog('funnels'));
  server = await startBackendServer(t.db, { backend: { environment: 'production' }, funnelsDir: 'funnels' });
}, 60_000);
afterAll(() => server?.close());

/** What each finding does now, in the words of the table, filled in by its test. */
const now = new Map<number, string>();

let keys = 0;
const key = () => ({ 'idempotency-key': `replay-${process.pid}-${++keys}` });
const tally = (answers: Answer[]) => {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const what = a.status === 200 ? '200' : `${a.status} ${a.body.messageKey ?? a.body.code}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => `${n} × ${what}`).join(', ');
};
const codesCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('codes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const outboxOf = (name: string) => t.db.selectFrom('outbox').select('payload').where('name', '=', name).execute();

describe('the findings, replayed', () => {
  test("1: BulkPurchase of the Girl Scouts' $20 seat without its campaign, no session", async () => {
    const codesBefore = await codesCount();
    const answer = await s.call(
      'BulkPurchase',
      {
        webOfferId: 'edu_12_months',
        quantity: 2,
        paymentMethodToken: 'fake-valid-visa-nonce',
        customerOptions: { email: 'anyone@example.com' },
        captchaToken: 'local-captcha:paymentForm',
        expectedTodayCharge: 40,
      },
      { ip: LOOPBACK, headers: key() },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('This plan is only sold to its campaign.');
    expect(await codesCount()).toBe(codesBefore);
    now.set(1, `${answer.status} '${answer.body.error}'; no code made, nothing charged`);
  });

  test('2: 30 guest BulkPurchases with a declined card from one address, at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        s.call(
          'BulkPurchase',
          {
            webOfferId: 'gift_3_months',
            quantity: 1,
            paymentMethodToken: 'fake-processor-declined-visa-nonce',
            customerOptions: { email: 'tester@example.com' },
            captchaToken: 'local-captcha:paymentForm',
            expectedTodayCharge: 29.99,
          },
          { ip: '127.0.0.2', headers: key() },
        ),
      ),
    );
    const declined = answers.filter((a) => a.body.messageKey === MessageKey.cardNotValid);
    const limited = answers.filter((a) => a.status === 429 && a.body.messageKey === MessageKey.tooManyDeclines);
    // One card: its 3 a day reach the gateway (the address's 5 an hour would, with other cards).
    expect(declined).toHaveLength(3);
    expect(limited).toHaveLength(27);
    const noCaptcha = await s.call(
      'BulkPurchase',
      {
        webOfferId: 'gift_3_months',
        quantity: 1,
        paymentMethodToken: 'fake-valid-visa-nonce',
        customerOptions: { email: 'tester@example.com' },
        expectedTodayCharge: 29.99,
      },
      { ip: '127.0.0.3', headers: key() },
    );
    expect(noCaptcha.body, JSON.stringify(noCaptcha.body)).toMatchObject({ messageKey: MessageKey.captchaFailed });
    now.set(2, `${tally(answers)}: 3 reached the gateway; without a captcha: ${noCaptcha.status} ${noCaptcha.body.messageKey}`);
  });

  test('3: NODE_ENV=production with no PAYMENT_GATEWAY or CAPTCHA_PROVIDER', async () => {
    let refusal = '';
    try {
      readServerEnv({ NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      refusal = (error as Error).message;
    }
    expect(refusal).toMatch(/^NODE_ENV=production needs PAYMENT_GATEWAY and CAPTCHA_PROVIDER set\./);
    // Named explicitly, the sandbox starts and says so.
    const health = await server.app.inject({ method: 'GET', url: '/healthz', remoteAddress: LOOPBACK });
    expect(health.json()).toMatchObject({
      status: 'ok',
      warnings: [expect.stringMatching(/^PAYMENT_GATEWAY=sandbox/), expect.any(String)],
    });
    now.set(
      3,
      `refuses to start: '${refusal.split('.')[0]}.'; named explicitly, /healthz warns: ${health.json().warnings.length} warnings`,
    );
  });

  test('4: 20 wrong-password UserLogin calls on one account from one address, at once', async () => {
    const parent = await s.signUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => s.call('UserLogin', { username: parent.email, password: 'wrong-password' }, { ip: '127.0.0.4' })),
    );
    expect(answers.filter((a) => a.body.messageKey === MessageKey.invalidCredentials)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429 && a.body.messageKey === MessageKey.rateLimited)).toHaveLength(10);
    now.set(4, `${tally(answers)}: exactly the limit checked`);
  });

  test("5: 200 TrackUserEvent calls for someone else's email from one address", async () => {
    const victim = await s.signUp();
    const before = (await outboxOf('iterable.trackEvent')).length;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => s.call('TrackUserEvent', { email: victim.email, eventName: 'Spam' }, { ip: '127.0.0.5' })),
    );
    const after = (await outboxOf('iterable.trackEvent')).length;
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(accepted).toBeLessThan(200);
    expect(after - before).toBe(accepted);
    now.set(5, `${tally(answers)}; ${after - before} outbox rows`);
  });

  test('6: POST /api/events with a NUL in a screen name', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', cookie: 'experimentId=replay-visitor' },
      payload: JSON.stringify({ events: [{ type: 'step', funnel: 'home', screen: 'land\u0000ing', step: 0 }] }),
      remoteAddress: LOOPBACK,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toMatch(/22021|UTF8|invalid byte/);
    now.set(6, `${answer.statusCode} ${answer.body}`);
  });

  test('7: events about a funnel that does not exist; a purchase naming its own partner', async () => {
    const events = await server.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', cookie: 'experimentId=replay-visitor' },
      payload: JSON.stringify({ events: [{ type: 'step', funnel: 'madeUp', screen: 'fake', step: 0 }] }),
      remoteAddress: LOOPBACK,
    });
    expect(events.statusCode).toBe(400);
    expect(await t.db.selectFrom('funnel_step_views').select('funnel').where('funnel', '=', 'madeUp').execute()).toEqual([]);
    const parent = await s.signUp();
    const bought = await s.call(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0, partner: 'made-up-partner' },
      { token: parent.token, headers: key() },
    );
    expect(bought.status).toBe(200);
    const [row] = await t.db.selectFrom('subscriptions').select('partner').where('user_id', '=', parent.id).execute();
    expect(row).toEqual({ partner: null });
    now.set(7, `events: ${events.statusCode}, nothing kept; the purchase's partner recorded: ${row!.partner}`);
  });

  test("8: IterableUpdateEmail { oldEmail: A, newEmail: B } from A's session, B another parent", async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    const answer = await s.call('IterableUpdateEmail', { oldEmail: a.email, newEmail: b.email }, { token: a.token, ip: LOOPBACK });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(119);
    const aboutB = (await outboxOf('iterable.updateEmail')).filter((m) => JSON.stringify(m.payload).includes(b.email));
    expect(aboutB).toEqual([]);
    now.set(8, `${answer.status} code ${answer.body.code} '${answer.body.error}'; no message about B`);
  });

  test('9: the operator login page over http, production, no TRUST_PROXY', async () => {
    const email = await newOperator(t.db);
    const browser = adminBrowser(() => server.app, LOOPBACK);
    const form = await browser.get('/admin/login');
    const cookie = String(([] as string[]).concat(form.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-')));
    expect(cookie).toMatch(/^__Host-admin_login=.*; Path=\/;.*; Secure$/);
    // A cookie and field forged together.
    const forger = adminBrowser(() => server.app, '127.0.0.9');
    forger.jar.set(`__Host-${PRE_SESSION_COOKIE}`, 'forged');
    const forged = await forger.post('/admin/login', { csrf: 'forged', email, password: OPERATOR_PASSWORD });
    expect(forged.statusCode).toBe(403);
    const real = await browser.post('/admin/login', { csrf: browser.csrfOf(form.body), email, password: OPERATOR_PASSWORD });
    expect(real.statusCode).toBe(303);
    now.set(
      9,
      `cookie '${cookie.split('=')[0]}' with Secure; a forged cookie and field: ${forged.statusCode}; the real form: ${real.statusCode}`,
    );
  });

  test('10: GET /api/login?username=…&password=…', async () => {
    const parent = await s.signUp(newEmail(), PASSWORD);
    const query = new URLSearchParams({ username: parent.email, password: PASSWORD });
    const answer = await server.app.inject({ method: 'GET', url: `/api/login?${query}`, remoteAddress: LOOPBACK });
    expect(answer.statusCode).toBe(405);
    now.set(10, `${answer.statusCode} (Allow: ${answer.headers.allow}) ${answer.body}`);
  });

  test('and a parent who already had the trial, shown "$0.00 today"', async () => {
    const parent = await s.signUp();
    await insertEndedTrial(t.db, parent.id);
    const stale = await s.call(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
      { token: parent.token, headers: key() },
    );
    expect(stale.body).toMatchObject({ messageKey: MessageKey.todayChargeChanged, todayCharge: 9.99 });
    expect(await t.db.selectFrom('payments').select('id').where('user_id', '=', parent.id).execute()).toEqual([]);
    now.set(11, `${stale.status} ${stale.body.messageKey}, todayCharge ${stale.body.todayCharge}; nothing charged`);
  });

  test('the table, as it stands', () => {
    expect([...now.keys()].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    console.log(
      ['| # | what it does now |', '|---|---|', ...[...now].sort(([x], [y]) => x - y).map(([n, what]) => `| ${n} | ${what} |`)].join('\n'),
    );
  });
});
