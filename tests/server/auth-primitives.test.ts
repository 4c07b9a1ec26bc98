/**
 * The building blocks of accounts that need no database: password hashing, secret tokens,
 * the captcha verifiers (reCAPTCHA with its HTTP boundary faked), client-address keys, geo-IP.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { geoIp } from '../../src/server/accounts/geo.ts';
import {
  createCaptchaVerifier,
  createLocalCaptchaVerifier,
  createRecaptchaVerifier,
  RECAPTCHA_VERIFY_URL,
} from '../../src/server/auth/captcha.ts';
import { createPasswordHasher, DEFAULT_SCRYPT } from '../../src/server/auth/passwords.ts';
import { clientKey } from '../../src/server/auth/rateLimits.ts';
import { scrubLogText, serializeRequest } from '../../src/server/auth/redaction.ts';
import { hashToken, newSecretToken } from '../../src/server/auth/tokens.ts';
import { readBackendEnv, readTrustProxy } from '../../src/server/config.ts';

describe('passwords (scrypt)', () => {
  test('the default cost is OWASP ASVS: N=2^17, r=8, p=1, stored with the hash and a 32-byte salt', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ log2N: 17, r: 8, p: 1 });
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('correct horse');
    const [, scheme, params, salt, key] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect(params).toBe('ln=17,r=8,p=1');
    expect(Buffer.from(salt!, 'base64')).toHaveLength(32);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(await hasher.verify('correct horse', stored)).toBe(true);
    expect(await hasher.verify('correct horsE', stored)).toBe(false);
  });

  test('each hash has its own salt; a hash made at a lower cost still verifies and asks to be redone', async () => {
    const cheap = createPasswordHasher({ log2N: 10, r: 8, p: 1 });
    const a = await cheap.hash('secret1');
    const b = await cheap.hash('secret1');
    expect(a).not.toBe(b);
    const current = createPasswordHasher({ log2N: 12, r: 8, p: 1 });
    expect(await current.verify('secret1', a)).toBe(true);
    expect(current.needsRehash(a)).toBe(true);
    expect(current.needsRehash(await current.hash('secret1'))).toBe(false);
  });

  test('no hash or an unreadable one never verifies', async () => {
    const hasher = createPasswordHasher({ log2N: 10, r: 8, p: 1 });
    expect(await hasher.verify('anything', null)).toBe(false);
    expect(await hasher.verify('anything', 'plaintext')).toBe(false);
    expect(await hasher.verify('anything', '$scrypt$ln=40,r=8,p=1$AAAA$AAAA')).toBe(false);
  });
});

describe('secret tokens', () => {
  test('32 random bytes in base64url; stored as a SHA-256 that does not contain the token', () => {
    const token = newSecretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecretToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
  });
});

describe('captcha verifiers', () => {
  test("local: accepts the browser's local tokens for an expected action only", async () => {
    const local = createLocalCaptchaVerifier();
    expect((await local.verify('local-captcha:registration', ['registration', 'promoRegister'])).ok).toBe(true);
    expect((await local.verify('local-captcha:paymentForm', ['registration'])).ok).toBe(false);
    expect((await local.verify('something-else', ['registration'])).ok).toBe(false);
    expect((await local.verify(undefined, ['registration'])).ok).toBe(false);
  });

  function fakeSiteverify(answer: unknown, status = 200) {
    const calls: { url: string; body: URLSearchParams }[] = [];
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: new URLSearchParams(String(init?.body)) });
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    return { calls, fetchImpl };
  }

  test('recaptcha: posts secret, token and address to siteverify; accepts success with the action and a high enough score', async () => {
    const { calls, fetchImpl } = fakeSiteverify({ success: true, score: 0.9, action: 'tryClassesRegistration' });
    const verifier = createRecaptchaVerifier({ secret: 's3cret', minScore: 0.5, fetch: fetchImpl });
    expect(await verifier.verify('tok-1', ['tryClassesRegistration'], '203.0.113.9')).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(Object.fromEntries(calls[0]!.body)).toEqual({ secret: 's3cret', response: 'tok-1', remoteip: '203.0.113.9' });
  });

  test('recaptcha: refuses an unsuccessful answer, another action, a low score, an HTTP error and an unreachable Google', async () => {
    const cases: [unknown, number][] = [
      [{ success: false, 'error-codes': ['timeout-or-duplicate'] }, 200],
      [{ success: true, score: 0.9, action: 'paymentForm' }, 200],
      [{ success: true, score: 0.3, action: 'registration' }, 200],
      [{ success: true, action: 'registration' }, 200],
      [{}, 503],
    ];
    for (const [answer, status] of cases) {
      const verifier = createRecaptchaVerifier({ secret: 's', minScore: 0.5, fetch: fakeSiteverify(answer, status).fetchImpl });
      const verdict = await verifier.verify('tok', ['registration']);
      expect(verdict.ok, JSON.stringify(answer)).toBe(false);
    }
    const down = createRecaptchaVerifier({
      secret: 's',
      minScore: 0.5,
      fetch: (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
    });
    expect(await down.verify('tok', ['registration'])).toEqual({ ok: false, reason: 'siteverify unreachable: fetch failed' });
    expect((await down.verify('', ['registration'])).ok).toBe(false);
  });

  test('recaptcha needs RECAPTCHA_SECRET', () => {
    expect(() => createCaptchaVerifier({ provider: 'recaptcha', recaptchaSecret: null, recaptchaMinScore: 0.5 })).toThrow(
      /RECAPTCHA_SECRET/,
    );
    expect(createCaptchaVerifier({ provider: 'local', recaptchaSecret: null, recaptchaMinScore: 0.5 }).provider).toBe('local');
  });
});

describe('client address keys of the rate limits', () => {
  test('IPv4 as is (also IPv4-mapped IPv6); IPv6 by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('geo-IP', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  test('the country comes from the configured header only', () => {
    expect(geoIp(request({ 'cf-ipcountry': 'de' }), 'CF-IPCountry')).toEqual({ country: 'DE', requiresMarketingOptIn: true });
    expect(geoIp(request({ 'cf-ipcountry': 'US' }), 'cf-ipcountry')).toEqual({ country: 'US', requiresMarketingOptIn: false });
    expect(geoIp(request({ 'cf-ipcountry': 'CA' }), 'cf-ipcountry').requiresMarketingOptIn).toBe(true);
    expect(geoIp(request({ 'cf-ipcountry': 'GB' }), 'cf-ipcountry').requiresMarketingOptIn).toBe(true);
    // Not configured: the header is not trusted.
    expect(geoIp(request({ 'cf-ipcountry': 'US' }), null)).toEqual({ country: null, requiresMarketingOptIn: true });
    // Unknown values.
    expect(geoIp(request({ 'cf-ipcountry': 'XX' }), 'cf-ipcountry').country).toBeNull();
    expect(geoIp(request({ 'cf-ipcountry': 'T1' }), 'cf-ipcountry').country).toBeNull();
    expect(geoIp(request({ 'cf-ipcountry': 'USA' }), 'cf-ipcountry').country).toBeNull();
  });
});

describe('log redaction', () => {
  test('logged URLs lose their query string', () => {
    expect(serializeRequest({ method: 'GET', url: '/api/login?username=a%40b.c&password=hunter22', ip: '127.0.0.1' })).toEqual({
      method: 'GET',
      url: '/api/login',
      hostname: undefined,
      remoteAddress: '127.0.0.1',
    });
  });

  test('logged texts: emails masked (also URL-encoded), query strings of URLs and paths dropped, a plain question mark kept', () => {
    expect(scrubLogText('Route GET:/api/x?email=a%40b.co&token=t not found')).toBe('Route GET:/api/x not found');
    expect(scrubLogText('see https://example.com/reset-password?token=abc')).toBe('see https://example.com/reset-password');
    expect(scrubLogText('invalid input syntax for type integer: "parent.one@example.com"')).toBe(
      'invalid input syntax for type integer: "p***@example.com"',
    );
    expect(scrubLogText('ask parent%40example.com')).toBe('ask p***%40example.com');
    expect(scrubLogText('Is the database up? It was.')).toBe('Is the database up? It was.');
  });
});

describe('the environment of accounts and security', () => {
  test('defaults: local captcha required on signup, 30-day sliding sessions up to 365 days, no geo header, no Redis', () => {
    expect(readBackendEnv({})).toEqual({
      environment: 'development',
      publicUrl: 'http://localhost:3000',
      sessionIdleDays: 30,
      sessionMaxDays: 365,
      captcha: { provider: 'local', recaptchaSecret: null, recaptchaMinScore: 0.5 },
      recaptchaSiteKey: null,
      signupCaptcha: 'required',
      geoCountryHeader: null,
      redisUrl: null,
    });
    expect(
      readBackendEnv({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://subscribe.example.com/',
        GEO_COUNTRY_HEADER: 'CF-IPCountry',
        REDIS_URL: 'redis://127.0.0.1:6379',
      }),
    ).toMatchObject({
      environment: 'production',
      publicUrl: 'https://subscribe.example.com',
      geoCountryHeader: 'cf-ipcountry',
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  test('mistakes stop the start with a sentence', () => {
    expect(() => readBackendEnv({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/needs RECAPTCHA_SECRET/);
    expect(() => readBackendEnv({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(/CAPTCHA_PROVIDER must be 'local' or 'recaptcha'/);
    expect(() => readBackendEnv({ CAPTCHA_ON_SIGNUP: 'sometimes' })).toThrow(/CAPTCHA_ON_SIGNUP/);
    expect(() => readBackendEnv({ SESSION_IDLE_DAYS: 'thirty' })).toThrow(/SESSION_IDLE_DAYS must be a number/);
    expect(() => readBackendEnv({ RECAPTCHA_MIN_SCORE: '2' })).toThrow(/RECAPTCHA_MIN_SCORE/);
    expect(() => readBackendEnv({ PUBLIC_URL: 'subscribe.example.com' })).toThrow(/PUBLIC_URL/);
  });

  test('TRUST_PROXY: off, on, a hop count, or addresses', () => {
    expect(readTrustProxy(undefined)).toBe(false);
    expect(readTrustProxy('true')).toBe(true);
    expect(readTrustProxy('1')).toBe(1);
    expect(readTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
