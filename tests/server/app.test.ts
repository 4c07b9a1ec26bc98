import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../src/server/app.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { readFlagOverrides } from '../../src/server/config.ts';
import type { Handler } from '../../src/server/functions.ts';
import { ENTRY_AFTER_PAINT_SOURCE } from '../../src/server/pages/entryAfterPaint.ts';
import { helmetOptionsFor, securityHeaders } from '../../src/server/security.ts';
import { FAST_SCRYPT } from './backendServer.ts';
import { useTestDatabase } from './db.ts';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>app</title></head><body><div id="root"></div></body></html>';
const BUNDLE = `console.log(${JSON.stringify('a'.repeat(5000))});`;

/** A billing history of a few kilobytes: an answer over the compression threshold, made anew for each request. */
const LONG_HISTORY = Array.from({ length: 30 }, (_, i) => ({
  id: `payment${i}`,
  date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  amount: 9.99,
  status: 'settled' as const,
  description: 'Monthly Plan',
  paymentMethod: 'Visa ending in 1111',
}));

let root: string;
let app: FastifyInstance;
const t = useTestDatabase();
const seen: { input: unknown; sessionToken: string | null; user: string | null }[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'server-test-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), BUNDLE);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  await importCatalogIfEmpty(t.db, () => readCatalog('funnels'));
  const real = createRealHandlersSpy();
  app = await buildServer({
    distDir: dist,
    dataDir: path.join(root, 'data'),
    db: t.db,
    flagOverrides: { unifiedLogin: 'off' },
    backend: { environment: 'test', dispatchOutbox: false },
    overrides: {
      passwordParams: FAST_SCRYPT,
      handlers: {
        // The real GetDefaultPlans, watched: what reaches a handler after the wire format.
        GetDefaultPlans: real,
        GetCustomerDetails: () => {
          throw new Error('database is down');
        },
        GetPaymentHistory: () => ({ paymentHistory: LONG_HISTORY }),
      },
    },
  });
}, 60_000);

/** Records what the real handler gets, then answers what it answers. */
function createRealHandlersSpy(): Handler<'GetDefaultPlans'> {
  return async (input, context) => {
    seen.push({ input, sessionToken: context.sessionToken, user: context.user?.email ?? null });
    return (await import('../../src/server/catalog/handlers.ts')).catalogHandlers(t.db).GetDefaultPlans(input, context);
  };
}

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('health', () => {
  test('GET /healthz answers 200 {status: ok}', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('the built app', () => {
  test('an app path that accepts HTML gets index.html, revalidated on every visit', async () => {
    for (const url of ['/', '/login', '/dont-go/1', '/no-such-page?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  test('hashed assets are cached for a year and compressed (br preferred, gzip otherwise)', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);

    const gzip = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);
  });

  test('a missing file, a non-HTML request and /api paths are 404, not the app', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing-123.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/login', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/login', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  test('the Vite manifest is not served', async () => {
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  test('with the Braintree gateway the CSP adds braintree-web, PayPal and Google Pay, and PayPal may open its window', async () => {
    const headers = await securityHeaders(helmetOptionsFor('braintree'));
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("frame-src 'self' https://assets.braintreegateway.com https://*.paypal.com https://pay.google.com");
    expect(csp).toContain('https://payments.sandbox.braintree-api.com');
    expect(csp).toContain(`script-src 'self' ${ENTRY_AFTER_PAINT_SOURCE} https://js.braintreegateway.com`);
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const sandbox = await securityHeaders(helmetOptionsFor('sandbox'));
    expect(sandbox['content-security-policy']).not.toContain('braintree');
    expect(sandbox['cross-origin-opener-policy']).toBe('same-origin');
  });

  test('security headers, with a CSP that allows our own scripts, styles and calls only', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    // Our own scripts, and the one inline script a server-rendered page has, by its hash (tests/e2e/server-rendering.test.ts).
    expect(csp).toContain(`script-src 'self' ${ENTRY_AFTER_PAINT_SOURCE};`);
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('backend calls over the Parse wire format', () => {
  const signUp = async () => {
    const email = `wire-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/functions/CreateWebUser',
      payload: { username: email, password: 'secret-1', captchaToken: 'local-captcha:registration' },
    });
    return { email, token: (response.json() as { result: { sessionToken: string } }).result.sessionToken };
  };

  test('a call answers {result}: its params parsed by the contract, the session token header read', async () => {
    seen.length = 0;
    const { email, token } = await signUp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/functions/GetDefaultPlans',
      headers: { 'content-type': 'application/json', 'x-parse-session-token': token },
      payload: { tag: '30daytrial' },
    });
    expect(response.statusCode).toBe(200);
    const plans = (response.json() as { result: { id: string; trialDurationDays: number }[] }).result;
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p) => p.trialDurationDays === 30)).toBe(true);
    expect(seen).toEqual([{ input: { tag: '30daytrial' }, sessionToken: token, user: email }]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test("the Parse SDK's text/plain body with _SessionToken works too; its own fields are not params", async () => {
    seen.length = 0;
    const { email, token } = await signUp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/functions/GetDefaultPlans',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        tag: 'default',
        _ApplicationId: 'app',
        _ClientVersion: 'js8.6.2',
        _InstallationId: 'i-1',
        _SessionToken: token,
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ input: { tag: 'default' }, sessionToken: token, user: email }]);
  });

  test('an empty body means no params', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/functions/GetWebOffers' });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray((response.json() as { result: unknown }).result)).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/functions/Logout' })).json()).toEqual({ result: {} });
  });

  test('unknown calls answer like Parse: 400 code 141; the payment client token is served', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/functions/NoSuchCall', payload: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 141, error: 'Invalid function: "NoSuchCall"' });
    const payment = await app.inject({ method: 'POST', url: '/api/functions/GetClientToken', payload: {} });
    expect(payment.statusCode).toBe(200);
    expect(payment.json()).toEqual({ result: { clientToken: expect.any(String) } });
  });

  test('params that break the contract answer 142 naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/functions/GetUserExistsByUsername', payload: { username: 42 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 142,
      error: expect.stringMatching(/^Invalid parameters for GetUserExistsByUsername: username:/),
    });
  });

  test('a session call without a valid session answers 209; an unexpected error 500 without details', async () => {
    const known = await app.inject({
      method: 'POST',
      url: '/api/functions/ChangePassword',
      payload: { userId: 'someone', newPassword: 'secret-2', currentPassword: 'secret-1' },
    });
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual({ code: 209, error: 'Invalid session token' });

    const { token } = await signUp();
    const unexpected = await app.inject({
      method: 'POST',
      url: '/api/functions/GetCustomerDetails',
      headers: { 'x-parse-session-token': token },
      payload: {},
    });
    expect(unexpected.statusCode).toBe(500);
    expect(unexpected.json()).toEqual({ code: 1, error: 'Internal server error.', requestId: expect.any(String) });
    expect(unexpected.headers['x-request-id']).toBe(unexpected.json().requestId);
  });

  test('an answer over 1 KB is compressed as the caller accepts (br, else gzip, else none), the same JSON each way', async () => {
    const { token } = await signUp();
    const ask = (acceptEncoding?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/functions/GetPaymentHistory',
        headers: { 'x-parse-session-token': token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: {},
      });
    const expected = { result: { paymentHistory: LONG_HISTORY } };

    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toEqual(expected);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);

    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);

    expect((await ask('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  test('malformed JSON or a non-object body answers 400 code 107', async () => {
    for (const payload of ['{not json', '[1,2]']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/functions/GetWebOffers',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({ code: 107, error: 'Invalid JSON' });
    }
  });
});

describe('runtime configuration endpoints', () => {
  test('GET /api/flags answers every flag, the forced variants (FLAG_OVERRIDES) winning', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/flags' });
    expect(response.json()).toMatchObject({
      flags: { unifiedLogin: 'off', planSelectorSelectPlanButtons: 'control' },
      reasons: { unifiedLogin: 'STATIC', planSelectorSelectPlanButtons: 'DEFAULT' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('GET /api/client-config names the captcha provider and payment adapter', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json()).toEqual({ captcha: { provider: 'local' }, payments: { adapter: 'sandbox' } });
  });

  test('FLAG_OVERRIDES must be a JSON map of variant names', () => {
    expect(readFlagOverrides(undefined)).toEqual({});
    expect(readFlagOverrides('{"unifiedLogin":"on"}')).toEqual({ unifiedLogin: 'on' });
    expect(() => readFlagOverrides('unifiedLogin=on')).toThrow(/FLAG_OVERRIDES must be JSON/);
    expect(() => readFlagOverrides('{"unifiedLogin":true}')).toThrow(/map flag names to variant names/);
  });
});

describe('without a build', () => {
  test('starting with a missing build says how to build', async () => {
    await expect(buildServer({ distDir: path.join(root, 'nowhere'), dataDir: root })).rejects.toThrow(/npm run build/);
  });
});
