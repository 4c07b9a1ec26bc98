import { describe, expect, test } from 'vitest';
import { LocalAnalytics } from '../../../src/adapters/analytics/analytics.ts';
import { createAuth } from '../../../src/adapters/auth/auth.ts';
import { createHttpBackend } from '../../../src/adapters/backend/backend.ts';
import { LocalCaptcha } from '../../../src/adapters/captcha/captcha.ts';
import { memoryStorage } from '../../../src/browser/storage.ts';
import { FIRST_TOUCH_KEY, SESSION_KEY } from '../../../src/browser/storageKeys.ts';
import { CallError } from '../../../src/contract/wire.ts';

function fakeFetch(answers: Record<string, { status: number; body: unknown }>) {
  const requests: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    requests.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    const a = answers[url];
    if (!a) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(a.body), { status: a.status });
  }) as typeof fetch;
  return { fetchFn, requests };
}

describe('backend calls (Parse cloud-function wire format)', () => {
  test('POST /api/functions/{Name} with the session token; {result} is the answer', async () => {
    const { fetchFn, requests } = fakeFetch({ '/api/functions/GetWebOffers': { status: 200, body: { result: [{ id: 'o1' }] } } });
    const backend = createHttpBackend({ apiBase: '/api', sessionToken: () => 'r:tok', fetch: fetchFn });
    expect(await backend.callFunction('GetWebOffers', {})).toEqual([{ id: 'o1' }]);
    expect(requests[0]!.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Parse-Session-Token': 'r:tok' });
  });

  test('{code, error, messageKey} is thrown as a CallError; a network failure too', async () => {
    const { fetchFn } = fakeFetch({
      '/api/functions/PurchaseSubscription': { status: 400, body: { code: 141, error: 'Card declined', messageKey: 'WP_CardNotValid' } },
    });
    const backend = createHttpBackend({ apiBase: '/api', sessionToken: () => null, fetch: fetchFn });
    const e = await backend
      .callFunction('PurchaseSubscription', { paymentMethodToken: 'fake-valid-nonce', webOfferId: 'o1', expectedTodayCharge: 0 })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CallError);
    expect(e).toMatchObject({ code: 141, message: 'Card declined', messageKey: 'WP_CardNotValid' });
    expect(await backend.callFunction('GetWebOffers', {}).catch((x: unknown) => x)).toMatchObject({
      code: 100,
      messageKey: 'NetworkError',
    });
  });

  test('idempotency keys travel as a header', async () => {
    const { fetchFn, requests } = fakeFetch({ '/api/functions/PurchaseSubscription': { status: 200, body: { result: {} } } });
    await createHttpBackend({ apiBase: '/api', sessionToken: () => null, fetch: fetchFn }).callFunction(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-nonce', webOfferId: 'o1', expectedTodayCharge: 0 },
      { idempotencyKey: 'k1' },
    );
    expect(requests[0]!.headers['Idempotency-Key']).toBe('k1');
    expect(requests[0]!.headers['X-Parse-Session-Token']).toBeUndefined();
  });
});

describe('auth', () => {
  const setup = (unified: boolean, answers: Record<string, { status: number; body: unknown }>) => {
    const { fetchFn, requests } = fakeFetch(answers);
    const local = memoryStorage();
    const session = memoryStorage({ utmParamsObject: '{}' });
    let resets = 0;
    const http = { apiBase: '/api', sessionToken: () => auth.session.get()?.sessionToken ?? null, fetch: fetchFn };
    const auth = createAuth({
      backend: createHttpBackend(http),
      http,
      local,
      session,
      unifiedLogin: () => unified,
      onLogout: () => resets++,
      keepOnLogout: [FIRST_TOUCH_KEY],
    });
    return { auth, requests, local, session, resets: () => resets };
  };

  test('unified login: UserLogin with the email lowercased; the session is stored', async () => {
    const { auth, requests, local } = setup(true, {
      '/api/functions/UserLogin': {
        status: 200,
        body: { result: { sessionToken: 'r:1', user: { objectId: 'u1', email: 'parent@example.com' } } },
      },
    });
    expect(auth.isLoggedIn()).toBe(false);
    await auth.login(' Parent@Example.COM ', 'secret1');
    expect(requests[0]!.body).toEqual({ username: 'parent@example.com', password: 'secret1' });
    expect(JSON.parse(local.getItem(SESSION_KEY)!)).toEqual({ objectId: 'u1', email: 'parent@example.com', sessionToken: 'r:1' });
    expect(auth.isLoggedIn()).toBe(true);
  });

  test('legacy login: Parse REST POST /api/login', async () => {
    const { auth, requests } = setup(false, {
      '/api/login': { status: 200, body: { objectId: 'u2', username: 'parent@example.com', sessionToken: 'r:2' } },
    });
    expect(await auth.login('PARENT@example.com', 'secret1')).toEqual({ objectId: 'u2', email: 'parent@example.com', sessionToken: 'r:2' });
    expect(requests[0]!.url).toBe('/api/login');
  });

  test('a refused login throws the server message and stores nothing', async () => {
    const { auth, local } = setup(true, {
      '/api/functions/UserLogin': { status: 404, body: { code: 101, error: 'Invalid username/password.' } },
    });
    await expect(auth.login('a@b.co', 'x')).rejects.toMatchObject({ code: 101, message: 'Invalid username/password.' });
    expect(local.getItem(SESSION_KEY)).toBeNull();
  });

  test('logout: Logout is called (best effort), local and session storage cleared (first touch kept), client state reset', async () => {
    const { auth, requests, local, session, resets } = setup(true, {
      '/api/functions/Logout': { status: 500, body: { code: 1, error: 'down' } },
    });
    local.setItem(SESSION_KEY, JSON.stringify({ objectId: 'u1', email: 'a@b.co', sessionToken: 'r:1' }));
    local.setItem(FIRST_TOUCH_KEY, '{"utm_source":"a"}');
    local.setItem('ck.state', '{}');
    expect(auth.isLoggedIn()).toBe(true);
    await auth.logout();
    expect(requests.map((r) => [r.url, r.headers['X-Parse-Session-Token']])).toEqual([['/api/functions/Logout', 'r:1']]);
    expect(local.dump()).toEqual({ [FIRST_TOUCH_KEY]: '{"utm_source":"a"}' });
    expect(session.dump()).toEqual({});
    expect(resets()).toBe(1);
    expect(auth.isLoggedIn()).toBe(false);
    // Ended here, by the parent: the session watch does not call it lost.
    expect(auth.endedHere?.()).toBe(true);
  });

  test('a session removed by another tab is noticed, and is not one ended here', () => {
    const { auth, local } = setup(true, {});
    local.setItem(SESSION_KEY, JSON.stringify({ objectId: 'u1', email: 'a@b.co', sessionToken: 'r:1' }));
    expect(auth.isLoggedIn()).toBe(true);
    local.removeItem(SESSION_KEY);
    expect(auth.isLoggedIn()).toBe(false);
    expect(auth.session.get()).toBeNull();
    expect(auth.endedHere?.()).toBe(false);
  });
});

describe('analytics and captcha (local implementations)', () => {
  test("events are kept in memory, shown on window.__analytics, marked 'web-site'", () => {
    const win: { __analytics?: LocalAnalytics } = {};
    const analytics = new LocalAnalytics(win);
    analytics.track('Checkout Complete', { productId: 'p1', paymentMethod: 'card' });
    expect(win.__analytics?.app).toBe('web-site');
    expect(win.__analytics?.events.map((e) => [e.event, e.props])).toEqual([
      ['Checkout Complete', { app: 'web-site', productId: 'p1', paymentMethod: 'card' }],
    ]);
  });

  test('the local captcha answers a deterministic token per action', async () => {
    const captcha = new LocalCaptcha();
    expect(captcha.kind).toBe('local');
    expect(await captcha.getToken('paymentForm')).toBe('local-captcha:paymentForm');
  });
});
