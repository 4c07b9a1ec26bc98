import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../src/server/app.ts';
import { CallError, ErrorCode } from '../../src/contract/index.ts';
import { readFlagOverrides } from '../../src/server/config.ts';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>app</title></head><body><div id="root"></div></body></html>';
const BUNDLE = `console.log(${JSON.stringify('a'.repeat(5000))});`;

let root: string;
let app: FastifyInstance;
const seen: { input: unknown; sessionToken: string | null }[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'server-test-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), BUNDLE);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  app = await buildServer({
    distDir: dist,
    dataDir: path.join(root, 'data'),
    flagOverrides: { unifiedLogin: 'off' },
    handlers: {
      GetWebOffers: (input, context) => {
        seen.push({ input, sessionToken: context.sessionToken });
        return [{ id: 'offer-1' }];
      },
      Logout: () => undefined,
      ChangePassword: () => {
        throw new CallError(ErrorCode.INVALID_SESSION_TOKEN, 'Invalid session token');
      },
      GetCustomerDetails: () => {
        throw new Error('database is down');
      },
    },
  });
});

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

  test('security headers, with a CSP that allows our own scripts, styles and calls only', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('backend calls over the Parse wire format', () => {
  test('a call answers {result}, with its params and the session token header', async () => {
    seen.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/functions/GetWebOffers',
      headers: { 'content-type': 'application/json', 'x-parse-session-token': 'r:abc' },
      payload: { tag: 'default' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: [{ id: 'offer-1' }] });
    expect(seen).toEqual([{ input: { tag: 'default' }, sessionToken: 'r:abc' }]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test("the Parse SDK's text/plain body with _SessionToken works too", async () => {
    seen.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/functions/GetWebOffers',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ tag: 'x', _ApplicationId: 'app', _ClientVersion: 'js5', _SessionToken: 'r:sdk' }),
    });
    expect(response.json()).toEqual({ result: [{ id: 'offer-1' }] });
    expect(seen).toEqual([{ input: { tag: 'x' }, sessionToken: 'r:sdk' }]);
  });

  test('an empty body means no params; a handler returning nothing answers result null', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/functions/Logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: null });
  });

  test('unknown and not yet implemented calls answer like Parse: 400 code 141', async () => {
    for (const name of ['NoSuchCall', 'PurchaseSubscription']) {
      const response = await app.inject({ method: 'POST', url: `/api/functions/${name}`, payload: {} });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ code: 141, error: `Invalid function: "${name}"` });
    }
  });

  test('a handler error answers {code, error}; an unexpected one 500 without details', async () => {
    const known = await app.inject({ method: 'POST', url: '/api/functions/ChangePassword', payload: {} });
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual({ code: 209, error: 'Invalid session token' });

    const unexpected = await app.inject({ method: 'POST', url: '/api/functions/GetCustomerDetails', payload: {} });
    expect(unexpected.statusCode).toBe(500);
    expect(unexpected.json()).toEqual({ code: 1, error: 'Internal server error.' });
  });

  test('malformed JSON or a non-object body answers 400 code 107', async () => {
    for (const payload of ['{not json', '[1,2]']) {
      const response = await app.inject({ method: 'POST', url: '/api/functions/GetWebOffers', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({ code: 107, error: 'Invalid JSON' });
    }
  });
});

describe('runtime configuration endpoints', () => {
  test('GET /api/flags answers the forced variants', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/flags' });
    expect(response.json()).toEqual({ flags: { unifiedLogin: 'off' } });
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
