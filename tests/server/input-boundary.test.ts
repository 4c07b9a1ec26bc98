/**
 * What bad input gets at the boundary, as a caller sees it: text with control characters or a
 * lone surrogate (in any field, nested field, record value or key) answers 400 code 142 naming
 * the field and never the value; free-form objects are bounded; a body nested past 32 levels
 * answers 400 code 107 before it is parsed; the legacy login routes refuse the same text.
 * Each refusal is shown against the same request without the bad text, which succeeds.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { PASSWORD, useBackendServer } from './backendServer.ts';

const s = useBackendServer();

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
}, 60_000);

let keys = 0;
const purchase = async (params: Record<string, unknown>, token: string) =>
  s.call(
    'PurchaseSubscription',
    { paymentMethodToken: 'fake-valid-nonce', webOfferId: 'annual', expectedTodayCharge: 0, ...params },
    { token, headers: { 'idempotency-key': `boundary-${process.pid}-${++keys}` } },
  );
const refusal = (call: string, detail: string) => ({
  status: 400,
  body: { code: 142, error: `Invalid parameters for ${call}: ${detail}` },
});
const answerOf = (a: { status: number; body: unknown }) => ({ status: a.status, body: a.body });
/** An injected response as status and body. */
const injected = (r: { statusCode: number; json: () => unknown }) => ({ status: r.statusCode, body: r.json() });

describe('text with control characters', () => {
  test(
    'a NUL in a utmParamsObject value, ' + 'in partner or in customerOptions.firstName of PurchaseSubscription: 142 naming the field',
    async () => {
      const parent = await s.signUp();
      const cases: [Record<string, unknown>, string][] = [
        [{ utmParamsObject: { utm_source: 'news\u0000letter' } }, 'utmParamsObject.utm_source: must not contain control characters'],
        [{ partner: 'gym\u0000pass' }, 'partner: must not contain control characters'],
        [{ customerOptions: { firstName: 'Ada\u0000' } }, 'customerOptions.firstName: must not contain control characters'],
      ];
      for (const [params, detail] of cases)
        expect(answerOf(await purchase(params, parent.token)), detail).toEqual(refusal('PurchaseSubscription', detail));

      const clean = await purchase(
        { utmParamsObject: { utm_source: 'newsletter' }, partner: 'gympass', customerOptions: { firstName: 'Ada' } },
        parent.token,
      );
      expect(clean.status).toBe(200);
    },
  );

  test('DEL, a C1 control and a lone surrogate are refused too; tab, line breaks and emoji are text', async () => {
    const request = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Ada\u007f' }, 'name: must not contain control characters'],
      [{ organization: 'Club\u0085' }, 'organization: must not contain control characters'],
      [{ message: 'Hi \ud83d' }, 'message: must not contain invalid Unicode (a lone surrogate)'],
    ];
    for (const [params, detail] of cases)
      expect(answerOf(await s.call('CodingEventRequest', { ...request, ...params })), detail).toEqual(
        refusal('CodingEventRequest', detail),
      );
    expect((await s.call('CodingEventRequest', { ...request, message: 'Line one\r\n\tLine two 😀' })).status).toBe(200);
  });

  test('a NUL in a dataFields key, at the top or nested, is named by the object holding it; the key is not echoed', async () => {
    const event = { email: 'ada@example.com', eventName: 'quizDone' };
    const top = await s.call('TrackUserEvent', { ...event, dataFields: { 'secret\u0000key': 1 } });
    expect(answerOf(top)).toEqual(refusal('TrackUserEvent', 'dataFields: keys must not contain control characters'));
    const nested = await s.call('TrackUserEvent', { ...event, dataFields: { answers: [{ 'secret\u0000key': 1 }] } });
    expect(answerOf(nested)).toEqual(refusal('TrackUserEvent', 'dataFields.answers.0: keys must not contain control characters'));
    expect(JSON.stringify(top.body) + JSON.stringify(nested.body)).not.toContain('secret');
    expect((await s.call('TrackUserEvent', { ...event, dataFields: { answers: [{ key: 1 }] } })).status).toBe(200);
  });
});

describe('free-form objects', () => {
  const event = { email: 'ada@example.com', eventName: 'quizDone' };
  const nested = (levels: number): Record<string, unknown> => (levels <= 1 ? { leaf: 1 } : { next: nested(levels - 1) });

  test('dataFields and custom_data hold at most 5 levels, 50 keys an object, 100 items a list, 8,192 characters', async () => {
    expect((await s.call('TrackUserEvent', { ...event, dataFields: nested(5) })).status).toBe(200);
    expect(answerOf(await s.call('TrackUserEvent', { ...event, dataFields: nested(6) }))).toEqual(
      refusal('TrackUserEvent', 'dataFields: must not be nested more than 5 levels deep'),
    );

    const conversion = { event_name: 'Purchase', event_source_url: 'https://example.com/thanks' };
    const manyKeys = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    expect(answerOf(await s.call('SendConversionEvent', { ...conversion, custom_data: manyKeys }))).toEqual(
      refusal('SendConversionEvent', 'custom_data: must not hold an object of more than 50 keys'),
    );
    expect(
      answerOf(await s.call('SendConversionEvent', { ...conversion, custom_data: { items: Array.from({ length: 101 }, (_, i) => i) } })),
    ).toEqual(refusal('SendConversionEvent', 'custom_data: must not hold a list of more than 100 items'));
    expect(answerOf(await s.call('SendConversionEvent', { ...conversion, custom_data: { note: 'x'.repeat(9_000) } }))).toEqual(
      refusal('SendConversionEvent', 'custom_data: must not be larger than 8,192 characters of JSON'),
    );
    expect(
      (await s.call('SendConversionEvent', { ...conversion, custom_data: { value: 79.99, currency: 'USD', items: ['annual'] } })).status,
    ).toBe(200);
  });
});

describe('deeply nested bodies', () => {
  const post = (name: string, payload: string, contentType = 'application/json') =>
    s.app.inject({ method: 'POST', url: `/api/functions/${name}`, headers: { 'content-type': contentType }, payload });
  const deepArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const tooDeep = { code: 107, error: 'Request body is nested too deeply: at most 32 levels of arrays and objects.' };

  test('a body of 40 levels answers 400 code 107, as JSON or as the Parse SDK’s text/plain; 32 levels are parsed', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const refused = await post('GetDefaultPlans', `{"ignored":${deepArrays(39)}}`, contentType);
      expect(injected(refused), contentType).toEqual({ status: 400, body: tooDeep });
    }
    // Unknown params are dropped: at 32 levels the call answers.
    expect((await post('GetDefaultPlans', `{"ignored":${deepArrays(31)}}`)).statusCode).toBe(200);
  });

  test("the tester's 5,000-level dataFields answers 107; brackets inside strings do not count", async () => {
    const deep = await post(
      'TrackUserEvent',
      `{"email":"ada@example.com","eventName":"e","dataFields":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    );
    expect(injected(deep)).toEqual({ status: 400, body: tooDeep });
    const brackets = await post(
      'TrackUserEvent',
      JSON.stringify({ email: 'ada@example.com', eventName: 'e', dataFields: { text: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{{{{' } }),
    );
    expect(brackets.statusCode).toBe(200);
  });

  test('an empty body still means no params; malformed JSON still answers 107 Invalid JSON', async () => {
    expect((await post('GetWebOffers', '')).statusCode).toBe(200);
    const malformed = await post('GetWebOffers', '{"a":[');
    expect(injected(malformed)).toEqual({ status: 400, body: { code: 107, error: 'Invalid JSON' } });
  });
});

describe('the legacy login routes', () => {
  const loginRefusal = (detail: string) => ({ status: 400, body: { code: 142, error: `Invalid parameters for login: ${detail}` } });
  const queryRefusal = (detail: string) => ({ status: 400, body: { code: 142, error: `Invalid parameters: query.${detail}` } });

  test('POST /api/login refuses control characters and lone surrogates in the username or password; so does any query string', async () => {
    const { email } = await s.signUp();
    const post = async (username: string, password: string) =>
      injected(await s.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } }));
    const get = async (query: string) => injected(await s.app.inject({ method: 'GET', url: `/api/login?${query}` }));

    expect(await post(`${email}\u0000`, PASSWORD)).toEqual(loginRefusal('username: must not contain control characters'));
    expect(await post(email, `${PASSWORD}\ud800`)).toEqual(loginRefusal('password: must not contain invalid Unicode (a lone surrogate)'));
    expect(await get(`username=${encodeURIComponent(email)}%00&password=${PASSWORD}`)).toEqual(
      queryRefusal('username: must not contain control characters'),
    );
    expect(await get(`username=${encodeURIComponent(email)}&password=${PASSWORD}%1B`)).toEqual(
      queryRefusal('password: must not contain control characters'),
    );

    expect((await post(email, PASSWORD)).status).toBe(200);
  });

  test('an object in the body is no string: 404 code 101, as Parse answers', async () => {
    const invalid = { status: 404, body: { code: 101, error: 'Invalid username/password.' } };
    expect(
      injected(await s.app.inject({ method: 'POST', url: '/api/login', payload: { username: { $ne: null }, password: PASSWORD } })),
    ).toEqual(invalid);
  });
});
