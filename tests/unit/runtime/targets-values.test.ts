import { describe, expect, test } from 'vitest';
import { factsFromMap } from '../../../src/language/evaluate/facts.ts';
import { buildHref, resolveTarget } from '../../../src/runtime/targets.ts';
import { readValue, readValueMap, resolveValue, resolveValueMap } from '../../../src/runtime/values.ts';

const links = { mainSite: 'https://www.example/', newHomepage: 'https://home.example/start?ref=app' };

describe('targets', () => {
  test('a path, an external link, a path held in client state', () => {
    const f = factsFromMap({ 'state.expectedNextPage': '/my-account?tab=billing' });
    expect(resolveTarget('/login', f, links)).toEqual({ kind: 'internal', path: '/login' });
    expect(resolveTarget({ external: 'mainSite' }, f, links)).toEqual({ kind: 'external', url: 'https://www.example/' });
    expect(resolveTarget({ external: 'nowhere' }, f, links)).toBeNull();
    expect(resolveTarget({ state: 'expectedNextPage' }, f, links)).toEqual({ kind: 'internal', path: '/my-account?tab=billing' });
  });

  test('cases: the first that holds and leads somewhere; an empty state falls through', () => {
    const cases = [
      { when: { fact: 'state.expectedNextPage', exists: true }, to: { state: 'expectedNextPage' } },
      { when: { fact: 'flag.unifiedLogin', equals: 'on' }, to: '/request-password-reset' },
      { to: '/reset-password' },
    ];
    expect(resolveTarget(cases, factsFromMap({ 'state.expectedNextPage': '/promo-payment' }), links)).toEqual({
      kind: 'internal',
      path: '/promo-payment',
    });
    expect(resolveTarget(cases, factsFromMap({ 'flag.unifiedLogin': 'on' }), links)).toEqual({
      kind: 'internal',
      path: '/request-password-reset',
    });
    expect(resolveTarget(cases, factsFromMap({ 'flag.unifiedLogin': 'off' }), links)).toEqual({
      kind: 'internal',
      path: '/reset-password',
    });
    expect(resolveTarget([{ to: { state: 'expectedNextPage' } }, { to: '/my-account' }], factsFromMap({}), links)).toEqual({
      kind: 'internal',
      path: '/my-account',
    });
  });

  test('a state-held address of another site is not followed (no open redirect)', () => {
    expect(resolveTarget({ state: 'expectedNextPage' }, factsFromMap({ 'state.expectedNextPage': '//evil.example/x' }), links)).toBeNull();
    expect(
      resolveTarget({ state: 'expectedNextPage' }, factsFromMap({ 'state.expectedNextPage': 'https://evil.example/' }), links),
    ).toBeNull();
  });

  test('hrefs: keepQuery carries the query (the target’s own parameters win), query: adds values', () => {
    expect(buildHref({ kind: 'internal', path: '/promo' }, { keepQuery: true, currentSearch: '?code=CS12&utm_source=mail' })).toBe(
      '/promo?code=CS12&utm_source=mail',
    );
    expect(buildHref({ kind: 'internal', path: '/promo?code=A' }, { keepQuery: true, currentSearch: '?code=B&x=1' })).toBe(
      '/promo?code=A&x=1',
    );
    expect(buildHref({ kind: 'internal', path: '/promo' }, { currentSearch: '?x=1' })).toBe('/promo');
    expect(
      buildHref(
        { kind: 'external', url: links.newHomepage },
        { query: { utm_source: 'subscriptions-app', utm_campaign: 'new-homepage', skipped: null } },
      ),
    ).toBe('https://home.example/start?ref=app&utm_source=subscriptions-app&utm_campaign=new-homepage');
  });
});

describe('value sources', () => {
  const f = factsFromMap({
    'form.email': 'parent@example.com',
    'query.code': 'CS12',
    'state.webOfferCode': 'CODE',
    'storage.fourClass': { planId: 'p4' },
    'cookie.plan': 'annual',
    result: { subscriptionData: { id: 's1' } },
    error: { message: 'Invalid username/password.', code: 101, messageKey: null },
    'user.email': 'parent@example.com',
    'flag.unifiedLogin': 'on',
    'utm.lastTouch': { utm_source: 'mail' },
    'path.current': '/promo',
  });

  test('each source reads its place; literals are themselves', () => {
    expect(
      readValueMap(
        {
          email: { form: 'email' },
          code: { query: 'code' },
          offer: { state: 'webOfferCode' },
          plan: { storage: 'fourClass' },
          cookie: { cookie: 'plan' },
          id: { result: 'subscriptionData.id' },
          whole: { result: '' },
          message: { error: 'message' },
          code2: { error: 'code' },
          user: { user: 'email' },
          flag: { flag: 'unifiedLogin' },
          utm: { utm: 'lastTouch' },
          path: { path: 'current' },
          n: 7,
          yes: true,
          none: null,
        },
        f,
      ),
    ).toEqual({
      email: 'parent@example.com',
      code: 'CS12',
      offer: 'CODE',
      plan: { planId: 'p4' },
      cookie: 'annual',
      id: 's1',
      whole: { subscriptionData: { id: 's1' } },
      message: 'Invalid username/password.',
      code2: 101,
      user: 'parent@example.com',
      flag: 'on',
      utm: { utm_source: 'mail' },
      path: '/promo',
      n: 7,
      yes: true,
      none: null,
    });
  });

  test('a captcha value is a token for that action, fetched when resolved', async () => {
    expect(readValue({ captcha: 'paymentForm' }, f)).toBeUndefined();
    expect(await resolveValue({ captcha: 'paymentForm' }, f, async (a) => `local-captcha:${a}`)).toBe('local-captcha:paymentForm');
    expect(
      await resolveValueMap({ captchaToken: { captcha: 'tryClassesRegistration' }, email: { form: 'email' } }, f, async (a) => `t:${a}`),
    ).toEqual({
      captchaToken: 't:tryClassesRegistration',
      email: 'parent@example.com',
    });
  });
});
