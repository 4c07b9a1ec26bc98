/**
 * Experiments on the server: the flag service splits visitors as the browser's
 * evaluator does; the browser's events become exposures, step views and touches; successful
 * calls become conversions with the visitor, partner, code campaign, revenue and UTM touches.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CallInput, CallName } from '../../src/contract/index.ts';
import { assignVariants } from '../../src/experiments/assign.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { createCodes } from '../../src/server/codes/service.ts';
import { readFlagDefinitions } from '../../src/server/experiments/definitions.ts';
import { type Answer, useBackendServer } from './backendServer.ts';
import { insertTestMonthlyOffer, MONTHLY_NO_TRIAL } from './testOffers.ts';

const s = useBackendServer();
const EXPERIMENT = 'planSelectorSelectPlanButtons';
const definitions = readFlagDefinitions('funnels');

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
  await insertTestMonthlyOffer(s.db, MONTHLY_NO_TRIAL);
}, 60_000);

let visitors = 0;
const newVisitor = () => `visitor-${process.pid}-${Date.now().toString(36)}-${++visitors}`;
const cookie = (visitorId: string) => ({ cookie: `experimentId=${visitorId}; other=1` });

async function flagsFor(experimentId: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ experimentId, isRobotE2E: 'false', audience: '{}', ...extra });
  const response = await s.app.inject({ method: 'GET', url: `/api/flags?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { flags: Record<string, string>; reasons: Record<string, string> };
}

const postEvents = (visitorId: string | null, events: unknown[]) =>
  s.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'application/json', ...(visitorId ? cookie(visitorId) : {}) },
    payload: JSON.stringify({ events }),
  });

/** Conversions are recorded after the answer: wait for the visitor's to appear. */
async function conversionsOf(visitorId: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await s.db.selectFrom('conversions').selectAll().where('visitor_id', '=', visitorId).orderBy('created_at').execute();
    if (rows.length >= count) return rows;
    await sleep(20);
  }
  throw new Error(`${visitorId} has fewer than ${count} conversions`);
}

describe('GET /api/flags: the flag service', () => {
  test('1,000 visitors of the 50/50 experiment split within 45–55%, as the browser evaluator does, stable across visits', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `simulated-visitor-${i}`);
    const answers = await Promise.all(ids.map((id) => flagsFor(id)));
    const inVariant = answers.filter((a) => a.flags[EXPERIMENT] === 'variant1').length;
    expect(answers.every((a) => a.reasons[EXPERIMENT] === 'SPLIT')).toBe(true);
    expect(inVariant / 1000).toBeGreaterThanOrEqual(0.45);
    expect(inVariant / 1000).toBeLessThanOrEqual(0.55);
    const browser = ids.map((id) => assignVariants(definitions, { id, isRobot: false, audienceFacts: {} })[EXPERIMENT]!.variant);
    expect(answers.map((a) => a.flags[EXPERIMENT])).toEqual(browser);
    for (let visit = 0; visit < 5; visit++) expect((await flagsFor(ids[7]!)).flags[EXPERIMENT]).toBe(answers[7]!.flags[EXPERIMENT]);
  });

  test('robots and visitors without an id see the default; flags that are no experiment are STATIC', async () => {
    for (const answer of [await flagsFor('some-visitor-id', { isRobotE2E: 'true' }), await flagsFor('')]) {
      expect(answer.flags[EXPERIMENT]).toBe('control');
      expect(answer.reasons[EXPERIMENT]).toBe('DEFAULT');
    }
    expect((await flagsFor('some-visitor-id')).reasons.unifiedLogin).toBe('STATIC');
  });

  test('a malformed context is refused with a message; a malformed audience is no audience', async () => {
    const bad = await s.app.inject({ method: 'GET', url: '/api/flags?isRobotE2E=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Invalid flag context/);
    expect((await flagsFor('some-visitor-id', { audience: '[1,2' })).reasons[EXPERIMENT]).toBe('SPLIT');
  });
});

describe('POST /api/events', () => {
  test('keeps the first exposure of a visitor to an experiment, each screen view once, and the touches', async () => {
    const visitor = newVisitor();
    const sent = await postEvents(visitor, [
      { type: 'exposure', experiment: EXPERIMENT, variant: 'variant1' },
      { type: 'step', funnel: 'home', screen: 'landing', step: 0 },
      { type: 'touch', firstTouch: { utm_source: 'tv' }, lastTouch: { utm_source: 'tv' } },
    ]);
    expect(sent.statusCode).toBe(204);
    expect((await postEvents(visitor, [{ type: 'exposure', experiment: EXPERIMENT, variant: 'control' }])).statusCode).toBe(204);
    expect((await postEvents(visitor, [{ type: 'step', funnel: 'home', screen: 'landing', step: 0 }])).statusCode).toBe(204);
    expect((await postEvents(visitor, [{ type: 'touch', firstTouch: null, lastTouch: { utm_source: 'mail' } }])).statusCode).toBe(204);
    const exposures = await s.db.selectFrom('experiment_exposures').selectAll().where('visitor_id', '=', visitor).execute();
    expect(exposures.map((e) => [e.experiment, e.variant])).toEqual([[EXPERIMENT, 'variant1']]);
    const steps = await s.db.selectFrom('funnel_step_views').selectAll().where('visitor_id', '=', visitor).execute();
    expect(steps.map((v) => [v.funnel, v.screen, v.step])).toEqual([['home', 'landing', 0]]);
    const touches = await s.db.selectFrom('visitors').selectAll().where('visitor_id', '=', visitor).executeTakeFirstOrThrow();
    expect([touches.first_touch, touches.last_touch]).toEqual([{ utm_source: 'tv' }, { utm_source: 'mail' }]);
  });

  test('refuses, with a reason and keeping nothing: no visitor cookie, an unknown experiment or variant, a malformed body', async () => {
    const visitor = newVisitor();
    const cases: [string | null, unknown[], RegExp][] = [
      [null, [{ type: 'step', funnel: 'home', screen: 'landing', step: 0 }], /No visitor id/],
      [visitor, [{ type: 'exposure', experiment: 'quiz', variant: 'variant1' }], /'quiz' is not a running experiment/],
      [visitor, [{ type: 'exposure', experiment: EXPERIMENT, variant: 'varaint1' }], /'varaint1' is not a variant/],
      [visitor, [{ type: 'click', on: 'x' }], /Invalid events/],
      [visitor, [], /Invalid events/],
      // Only the funnels and screens of the running config (funnels/): a made-up one keeps nothing of the request.
      [
        visitor,
        [
          { type: 'exposure', experiment: EXPERIMENT, variant: 'variant1' },
          { type: 'step', funnel: 'partnerFromNowhere', screen: 'landing', step: 0 },
        ],
        /^'partnerFromNowhere' is not a funnel of this site\.$/,
      ],
      [visitor, [{ type: 'step', funnel: 'home', screen: 'choosePlan', step: 0 }], /^'choosePlan' is not a screen of the home funnel\.$/],
      [
        visitor,
        [{ type: 'step', funnel: 'home', screen: 'lan\u0000ding', step: 0 }],
        /^Invalid events: events\.0\.screen: must not contain control characters$/,
      ],
      [
        visitor,
        [{ type: 'touch', firstTouch: { utm_source: 'tv\u0000' }, lastTouch: null }],
        /events\.0\.firstTouch\.utm_source: must not contain control/,
      ],
    ];
    for (const [id, events, message] of cases) {
      const response = await postEvents(id, events);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 142, error: expect.stringMatching(message) });
    }
    expect(await s.db.selectFrom('experiment_exposures').selectAll().where('visitor_id', '=', visitor).execute()).toEqual([]);
    expect(await s.db.selectFrom('funnel_step_views').selectAll().where('visitor_id', '=', visitor).execute()).toEqual([]);
    expect(await s.db.selectFrom('visitors').selectAll().where('visitor_id', '=', visitor).execute()).toEqual([]);
  });

  test("a step's place in its funnel is the server's: a page claiming another step is kept at the screen's own", async () => {
    const visitor = newVisitor();
    expect((await postEvents(visitor, [{ type: 'step', funnel: 'signup', screen: 'signupPayment', step: 0 }])).statusCode).toBe(204);
    const steps = await s.db.selectFrom('funnel_step_views').selectAll().where('visitor_id', '=', visitor).execute();
    expect(steps.map((v) => [v.funnel, v.screen, v.step])).toEqual([['signup', 'signupPayment', 1]]);
  });
});

let keys = 0;
const pay = <N extends CallName>(
  name: N,
  input: CallInput<N> | Record<string, unknown>,
  token: string,
  visitor: string,
  key = `k-${++keys}-${Date.now()}`,
) => s.call(name, input, { token, headers: { 'idempotency-key': key, ...cookie(visitor) } });
const ok = <N extends CallName>(answer: Answer<N>) => {
  if (answer.status !== 200) throw new Error(`expected a result, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
};

describe('conversions', () => {
  test('sign-up, purchase (what it charged) and trial: the visitor, the partner and both UTM touches; a replay adds none', async () => {
    const visitor = newVisitor();
    await postEvents(visitor, [{ type: 'touch', firstTouch: { utm_source: 'podcast' }, lastTouch: { utm_source: 'podcast' } }]);
    const utm = { utm_source: 'newsletter', utm_campaign: 'spring' };
    const signup = await s.call(
      'CreateWebUser',
      {
        username: `conv-${visitor}@example.com`,
        password: 'secret-1',
        captchaToken: 'local-captcha:registration',
        partner: 'gympass',
        utmParamsObject: utm,
      },
      { headers: cookie(visitor) },
    );
    const parent = ok(signup);
    const key = `purchase-${visitor}`;
    const purchase = {
      paymentMethodToken: 'fake-valid-visa-nonce',
      webOfferId: MONTHLY_NO_TRIAL.id,
      expectedTodayCharge: 12.34,
      partner: 'gympass',
      utmParamsObject: utm,
    };
    ok(await pay('PurchaseSubscription', purchase, parent.sessionToken, visitor, key));
    // The same request again (a double click): the first answer, and no second conversion.
    ok(await pay('PurchaseSubscription', purchase, parent.sessionToken, visitor, key));
    const rows = await conversionsOf(visitor, 2);
    await sleep(100);
    expect(await s.db.selectFrom('conversions').select('kind').where('visitor_id', '=', visitor).execute()).toHaveLength(2);
    expect(
      rows.map((r) => ({
        kind: r.kind,
        user: r.user_id,
        partner: r.partner,
        revenue: r.revenue_cents,
        first: r.utm_first_touch,
        last: r.utm_last_touch,
      })),
    ).toEqual([
      { kind: 'signup', user: parent.id, partner: 'gympass', revenue: 0, first: { utm_source: 'podcast' }, last: utm },
      {
        kind: 'purchase',
        user: parent.id,
        partner: 'gympass',
        revenue: MONTHLY_NO_TRIAL.priceCents,
        first: { utm_source: 'podcast' },
        last: utm,
      },
    ]);

    const trialVisitor = newVisitor();
    const trialParent = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
        trialParent.token,
        trialVisitor,
      ),
    );
    expect((await conversionsOf(trialVisitor, 1)).map((r) => [r.kind, r.revenue_cents, r.partner])).toEqual([['trial', 0, null]]);
  });

  test('the partner is what the server knows: a made-up one at signup and one named by a purchase are not recorded', async () => {
    const visitor = newVisitor();
    const signup = await s.call(
      'CreateWebUser',
      { username: `forged-${visitor}@example.com`, password: 'secret-1', captchaToken: 'local-captcha:registration', partner: 'made-up' },
      { headers: cookie(visitor) },
    );
    const parent = ok(signup);
    const purchase = { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0, partner: 'gympass' };
    ok(await pay('PurchaseSubscription', purchase, parent.sessionToken, visitor));
    expect((await conversionsOf(visitor, 2)).map((r) => [r.kind, r.partner])).toEqual([
      ['signup', null],
      ['trial', null],
    ]);
    expect(await s.db.selectFrom('subscriptions').select('partner').where('user_id', '=', parent.id).execute()).toEqual([
      { partner: null },
    ]);
  });

  test('a redemption names the code campaign (its batch note); a refused call records nothing', async () => {
    const visitor = newVisitor();
    const parent = await s.signUp();
    const { codes } = await createCodes(s.db, {
      kind: 'comp',
      months: 6,
      webOfferId: 'comp_premium',
      source: 'test',
      note: 'Teachers 2026',
    });
    ok(await s.call('RedeemComp', { userId: parent.id, couponCode: codes[0]! }, { token: parent.token, headers: cookie(visitor) }));
    const again = await s.call(
      'RedeemComp',
      { userId: parent.id, couponCode: codes[0]! },
      { token: parent.token, headers: cookie(visitor) },
    );
    expect(again.status).toBe(400);
    const rows = await conversionsOf(visitor, 1);
    await sleep(100);
    expect(rows.map((r) => [r.kind, r.code_campaign, r.user_id])).toEqual([['redemption', 'Teachers 2026', parent.id]]);
    expect(await s.db.selectFrom('conversions').select('id').where('visitor_id', '=', visitor).execute()).toHaveLength(1);
  });
});
