/**
 * Security behaviour a caller relies on: rate limits (per address, per account, shared by
 * instances, in PostgreSQL or Redis), session expiry and revocation, logs free of secrets,
 * the body size limit, answers checked against the contract, 5xx without internals, and the
 * reCAPTCHA verifier on signup with Google's side faked.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CallError } from '../../src/contract/index.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  createSqlRateLimitStore,
  type RateLimitStore,
} from '../../src/server/auth/rateLimits.ts';
import type { OutboxDelivery } from '../../src/server/outbox/outbox.ts';
import { type BackendServerOptions, client, newEmail, PASSWORD, startBackendServer } from './backendServer.ts';
import { useTestDatabase } from './db.ts';

const t = useTestDatabase();

/** A server on this file's database, closed after the test. */
async function withServer<T>(
  o: BackendServerOptions,
  fn: (c: ReturnType<typeof client> & { app: Awaited<ReturnType<typeof startBackendServer>>['app'] }) => Promise<T>,
): Promise<T> {
  const server = await startBackendServer(t.db, o);
  try {
    return await fn({ ...client(() => server.app), app: server.app });
  } finally {
    await server.close();
  }
}

const tokenOf = (answer: { body: { result?: unknown } }) => (answer.body.result as { sessionToken: string }).sessionToken;

describe('login rate limits: slow attackers down, never lock a parent out', () => {
  test(
    '10 failures for one account from one address stop that address (429, code 155, Retry-After); ' + 'another address still logs in',
    async () => {
      await withServer({}, async (s) => {
        const { email } = await s.signUp();
        for (let i = 0; i < 10; i++) expect((await s.logIn(email, 'wrong-password', { ip: '198.51.100.1' })).status).toBe(404);
        const refused = await s.logIn(email, PASSWORD, { ip: '198.51.100.1' });
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({
          code: 155,
          error: 'Too many attempts. Please wait a few minutes and try again.',
          messageKey: 'RATE_LIMITED',
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        // The parent, elsewhere, with the right password.
        expect((await s.logIn(email, PASSWORD, { ip: '198.51.100.2' })).status).toBe(200);
        // The same address may still try other accounts.
        const other = await s.signUp();
        expect((await s.logIn(other.email, PASSWORD, { ip: '198.51.100.1' })).status).toBe(200);
      });
    },
  );

  test('over 20 failures an hour from anywhere, logins to that account are slowed, not refused', async () => {
    const slept: number[] = [];
    await withServer({ overrides: { sleep: async (ms) => void slept.push(ms) } }, async (s) => {
      const { email } = await s.signUp();
      for (let i = 0; i < 20; i++) expect((await s.logIn(email, 'wrong-password', { ip: `198.51.101.${i + 1}` })).status).toBe(404);
      expect(slept).toEqual([]);
      const ok = await s.logIn(email, PASSWORD, { ip: '198.51.101.200' });
      expect(ok.status).toBe(200);
      expect(slept).toEqual([1000]);
    });
  });

  test('one address gets 30 login attempts in 10 minutes, whatever the accounts', async () => {
    await withServer({}, async (s) => {
      const { email } = await s.signUp();
      for (let i = 0; i < 30; i++) expect((await s.logIn(newEmail('guess'), 'wrong-password', { ip: '198.51.102.1' })).status).toBe(404);
      expect((await s.logIn(email, PASSWORD, { ip: '198.51.102.1' })).status).toBe(429);
      expect((await s.logIn(email, PASSWORD, { ip: '198.51.102.2' })).status).toBe(200);
    });
  });

  test("Parse's POST /api/login shares the login limits", async () => {
    await withServer({}, async (s) => {
      const { email } = await s.signUp();
      const post = (password: string, ip: string) =>
        s.app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password }, remoteAddress: ip });
      for (let i = 0; i < 10; i++) expect((await post('wrong-password', '198.51.103.1')).statusCode).toBe(404);
      expect((await post(PASSWORD, '198.51.103.1')).statusCode).toBe(429);
      expect((await post(PASSWORD, '198.51.103.2')).statusCode).toBe(200);
    });
  });

  test('the counters are shared: two instances on one database count together', async () => {
    const other = await t.openAnother();
    const a = await startBackendServer(t.db);
    const b = await startBackendServer(other.db);
    try {
      const ca = client(() => a.app);
      const cb = client(() => b.app);
      const { email } = await ca.signUp();
      for (let i = 0; i < 10; i++)
        expect((await (i % 2 ? ca : cb).logIn(email, 'wrong-password', { ip: '198.51.104.1' })).status).toBe(404);
      expect((await ca.logIn(email, PASSWORD, { ip: '198.51.104.1' })).status).toBe(429);
      expect((await cb.logIn(email, PASSWORD, { ip: '198.51.104.1' })).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await other.close();
    }
  });
});

describe('the current password asked before a change: a stolen session cannot guess it', () => {
  test(
    '10 wrong passwords an hour, from any addresses and through any of the three calls, ' +
      'stop the account’s changes (429); the login still works',
    async () => {
      await withServer({}, async (s) => {
        const a = await s.signUp();
        const wrong = [
          ['ChangePassword', { userId: a.id, newPassword: 'hijacked', currentPassword: 'guess' }],
          ['UpdateUserEmail', { newUsername: newEmail('thief'), password: 'guess' }],
          ['ChangeUsername', { oldEmail: a.email, newEmail: newEmail('thief'), password: 'guess' }],
        ] as const;
        for (let i = 0; i < 10; i++) {
          const [name, input] = wrong[i % wrong.length]!;
          expect((await s.call(name, input, { token: a.token, ip: `198.51.109.${i + 1}` })).body, name).toMatchObject({
            code: 101,
            messageKey: 'INVALID_CREDENTIALS',
          });
        }
        const refused = await s.call(
          'ChangePassword',
          { userId: a.id, newPassword: 'new-secret', currentPassword: PASSWORD },
          { token: a.token, ip: '198.51.109.200' },
        );
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({
          code: 155,
          error: 'Too many attempts. Please wait a few minutes and try again.',
          messageKey: 'RATE_LIMITED',
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect((await s.logIn(a.email, PASSWORD)).status).toBe(200);
        // Another parent's changes are not limited.
        const b = await s.signUp();
        expect(
          (
            await s.call(
              'ChangePassword',
              { userId: b.id, newPassword: 'new-secret', currentPassword: PASSWORD },
              { token: b.token, ip: '198.51.109.200' },
            )
          ).status,
        ).toBe(200);
      });
    },
  );
});

describe('other rate limits', () => {
  test('existence checks: 60 per address in 10 minutes', async () => {
    await withServer({}, async (s) => {
      for (let i = 0; i < 60; i++)
        expect((await s.call('GetUserExistsByUsername', { username: newEmail('probe') }, { ip: '198.51.105.1' })).status).toBe(200);
      expect((await s.call('GetUserExistsByUsername', { username: newEmail('probe') }, { ip: '198.51.105.1' })).status).toBe(429);
      expect((await s.call('GetUserExistsByUsername', { username: newEmail('probe') }, { ip: '198.51.105.2' })).status).toBe(200);
    });
  });

  test('password reset: 5 emails an hour per account, from any address', async () => {
    await withServer({}, async (s) => {
      const { email } = await s.signUp();
      for (let i = 0; i < 5; i++) expect((await s.call('RequestBeginPasswordReset', { email })).status).toBe(200);
      const refused = await s.call('RequestBeginPasswordReset', { email });
      expect(refused.status).toBe(429);
      expect(refused.body.messageKey).toBe('RATE_LIMITED');
      const sent = await t.db.selectFrom('outbox').select('payload').where('name', '=', 'passwordReset').execute();
      expect(sent.filter((m) => (m.payload as { to: string }).to === email)).toHaveLength(5);
    });
  });

  test('signup: 20 per address an hour', async () => {
    await withServer({}, async (s) => {
      for (let i = 0; i < 20; i++)
        expect(
          (
            await s.call(
              'CreateWebUser',
              { username: newEmail(), password: PASSWORD, captchaToken: 'local-captcha:registration' },
              { ip: '198.51.106.1' },
            )
          ).status,
        ).toBe(200);
      expect(
        (
          await s.call(
            'CreateWebUser',
            { username: newEmail(), password: PASSWORD, captchaToken: 'local-captcha:registration' },
            { ip: '198.51.106.1' },
          )
        ).status,
      ).toBe(429);
    });
  });

  test('code look-ups: 30 per address in 10 minutes', async () => {
    await withServer({}, async (s) => {
      for (let i = 0; i < 30; i++)
        expect((await s.call('FindWebOfferByCouponCode', { code: `CSXX${i}` }, { ip: '198.51.107.1' })).status).toBe(200);
      expect((await s.call('GetWebOfferByPromoCode', { promoCode: 'SAVE50' }, { ip: '198.51.107.1' })).status).toBe(429);
    });
  });
});

describe.each([
  ['the database', () => createSqlRateLimitStore(t.db, { random: () => 1 })],
  ['memory (the embedded database: one server)', () => createMemoryRateLimitStore()],
])('rate-limit counters in %s', (_, makeStore) => {
  test('hits count atomically per key and window; several counters move in one call; count reads without counting', async () => {
    const store = makeStore();
    const key = `test:${Math.random()}`;
    const now = new Date();
    const hits = await Promise.all(Array.from({ length: 10 }, () => store.hit(key, 60, now)));
    expect(hits.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(
      await store.hitMany!(
        [
          { key, windowSeconds: 60 },
          { key: `${key}:other`, windowSeconds: 600 },
        ],
        now,
      ),
    ).toEqual([11, 1]);
    expect(await store.count(key, 60, now)).toBe(11);
    expect(await store.count(key, 60, new Date(now.getTime() + 60_000))).toBe(0);
  });
});

test('the database keeps its counters in an unlogged table (no write-ahead log per request)', async () => {
  const { rows } = await sql<{
    relpersistence: string;
  }>`select relpersistence from pg_class where relname = 'rate_limits' and relnamespace = to_regnamespace(current_schema())`.execute(t.db);
  expect(rows).toEqual([{ relpersistence: 'u' }]);
});

describe('rate-limit counters in Redis (REDIS_URL)', () => {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  let store: RateLimitStore;
  beforeAll(async () => {
    store = await createRedisRateLimitStore(redisUrl);
  });
  afterAll(async () => {
    await store?.close?.();
  });

  test('a hit counts atomically per window; count reads without counting', async () => {
    const key = `test:${process.pid}:${Date.now()}:${Math.random()}`;
    const now = new Date();
    expect(await store.count(key, 60, now)).toBe(0);
    const hits = await Promise.all(Array.from({ length: 10 }, () => store.hit(key, 60, now)));
    expect(hits.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await store.count(key, 60, now)).toBe(10);
    expect(await store.count(key, 60, new Date(now.getTime() + 60_000))).toBe(0);
  });

  test('a server with REDIS_URL keeps its login limits there', async () => {
    await withServer({ backend: { redisUrl } }, async (s) => {
      const { email } = await s.signUp();
      const ip = `198.51.108.${1 + Math.floor(Math.random() * 200)}`;
      for (let i = 0; i < 10; i++) expect((await s.logIn(email, 'wrong-password', { ip })).status).toBe(404);
      expect((await s.logIn(email, PASSWORD, { ip })).status).toBe(429);
      const rows = await t.db.selectFrom('rate_limits').select('key').where('key', 'like', `login:account-ip:%:${ip}`).execute();
      expect(rows).toEqual([]);
    });
  });
});

describe('sessions expire and are revoked', () => {
  const day = 24 * 60 * 60 * 1000;

  test('30 days without use end a session; using it keeps it alive (sliding), up to 365 days after login', async () => {
    let now = Date.now();
    await withServer({ overrides: { now: () => new Date(now) } }, async (s) => {
      const idle = await s.signUp();
      const active = await s.signUp();
      const details = (token: string) => s.call('GetCustomerDetails', {}, { token });
      for (let elapsed = 0; elapsed < 360; elapsed += 20) {
        now += 20 * day;
        expect((await details(active.token)).status, `day ${elapsed + 20}`).toBe(200);
      }
      expect((await details(idle.token)).status).toBe(400);
      now += 20 * day; // past 365 days since login
      expect((await details(active.token)).body).toEqual({ code: 209, error: 'Invalid session token' });
    });
  });

  test('a session is valid until its 30th idle day, then gone; logging in again gives a new one', async () => {
    let now = Date.now();
    await withServer({ overrides: { now: () => new Date(now) } }, async (s) => {
      const { email, token } = await s.signUp();
      now += 29 * day;
      // Read without refreshing: the refresh is written at most once a day, so this one slides it.
      expect((await s.call('GetPaymentHistory', {}, { token })).status).toBe(200);
      now += 31 * day;
      expect((await s.call('GetPaymentHistory', {}, { token })).status).toBe(400);
      const again = tokenOf(await s.logIn(email));
      expect((await s.call('GetPaymentHistory', {}, { token: again })).status).toBe(200);
    });
  });

  test('after Logout the token is refused by every route, Parse REST included', async () => {
    await withServer({}, async (s) => {
      const { token } = await s.signUp();
      await s.call('Logout', {}, { token });
      expect((await s.call('GetPaymentHistory', {}, { token })).status).toBe(400);
      const me = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-parse-session-token': token } });
      expect(me.statusCode).toBe(400);
      expect(me.json()).toEqual({ code: 209, error: 'Invalid session token' });
    });
  });
});

describe('logs hold no secrets', () => {
  function captureLogs() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { lines, logger: { level: 'trace', stream } };
  }

  test(
    'in production, after a signup, logins (also a refused Parse GET /login?password=), ' +
      'a reset and its delivery, no password or token is in the log',
    async () => {
      const { lines, logger } = captureLogs();
      const secrets: string[] = [];
      await withServer({ logger, backend: { environment: 'production' } }, async (s) => {
        const email = newEmail();
        const password = 'Very-Secret-9';
        const newPassword = 'Other-Secret-7';
        secrets.push(password, newPassword);
        const signup = await s.call('CreateWebUser', { username: email, password, captchaToken: 'local-captcha:registration' });
        secrets.push(tokenOf(signup));
        const login = await s.logIn(email, password);
        secrets.push(tokenOf(login));
        await s.logIn(email, 'Wrong-Secret-5');
        secrets.push('Wrong-Secret-5');
        const inAddress = await s.app.inject({
          method: 'GET',
          url: `/api/login?username=${encodeURIComponent(email)}&password=${password}`,
        });
        expect(inAddress.statusCode).toBe(405);
        const rest = await s.app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password } });
        expect(rest.statusCode).toBe(200);
        secrets.push((rest.json() as { sessionToken: string }).sessionToken);
        await s.app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-parse-session-token': tokenOf(login) } });
        await s.call('RequestBeginPasswordReset', { email });
        const [message] = await t.db
          .selectFrom('outbox')
          .select('secret')
          .where('name', '=', 'passwordReset')
          .where('processed_at', 'is', null)
          .execute();
        secrets.push(message!.secret!);
        await s.app.backend.outbox.runOnce();
        await s.call('VerifyBeginPasswordReset', { token: message!.secret!, password: newPassword });
        await s.call('Logout', {}, { token: tokenOf(login) });
      });
      const log = lines.join('');
      expect(log).toContain('/api/login'); // the requests were logged …
      expect(log).toContain('passwordReset'); // … and the email delivered to the log adapter
      for (const secret of secrets) expect(log, 'a secret is in the log').not.toContain(secret);
    },
  );

  test('in development the log adapter prints the reset link, so a developer can follow it', async () => {
    const { lines, logger } = captureLogs();
    await withServer({ logger, backend: { environment: 'development', publicUrl: 'http://localhost:3000' } }, async (s) => {
      const { email } = await s.signUp();
      await s.call('RequestBeginPasswordReset', { email });
      const [message] = await t.db
        .selectFrom('outbox')
        .select('secret')
        .where('name', '=', 'passwordReset')
        .where('processed_at', 'is', null)
        .execute();
      await s.app.backend.outbox.runOnce();
      expect(lines.join('')).toContain(`http://localhost:3000/reset-password?token=${message!.secret!}`);
    });
  });

  test(
    'a failing statement logged through the app shows no email and no query string: ' + 'the database error is there, its details redacted',
    async () => {
      const { lines, logger } = captureLogs();
      const email = newEmail('taken');
      const failing = {
        // A second account with a taken address: the unique index refuses it (`Key (email)=(…) already exists.`).
        TrackUserEvent: async () => {
          await sql`insert into users (id, email, password_hash) values (${'duplicate'}, ${email}, ${'x'})`.execute(t.db);
          return { success: true as const };
        },
        // A value in the message itself: `invalid input syntax for type integer: "…"`.
        GetWebOffers: async () => {
          await sql`select ${email}::integer`.execute(t.db);
          return [];
        },
      };
      const requestIds: string[] = [];
      await withServer({ logger, overrides: { handlers: failing } }, async (s) => {
        await s.signUp(email);
        const query = `?email=${encodeURIComponent(email)}&utm_source=newsletter`;
        for (const [name, params] of [
          ['TrackUserEvent', { email, eventName: 'x' }],
          ['GetWebOffers', {}],
        ] as const) {
          const response = await s.app.inject({
            method: 'POST',
            url: `/api/functions/${name}${query}`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(params),
          });
          expect(response.statusCode, name).toBe(500);
          const requestId = response.headers['x-request-id'];
          expect(response.json()).toEqual({ code: 1, error: 'Internal server error.', requestId: expect.any(String) });
          expect(response.json().requestId).toBe(requestId);
          requestIds.push(String(requestId));
        }
      });
      const log = lines.join('');
      expect(log).toContain('backend call failed');
      // The cause is logged under the id the answer carried.
      for (const id of requestIds)
        expect(lines.some((line) => line.includes(`"reqId":"${id}"`) && line.includes('backend call failed'))).toBe(true);
      expect(log).toContain('"code":"23505"');
      expect(log).toContain('"detail":"[redacted]"');
      expect(log).toContain('invalid input syntax for type integer');
      expect(log).toContain('"url":"/api/functions/TrackUserEvent"');
      for (const leak of [email, email.split('@')[0]!, encodeURIComponent(email), 'utm_source', '?email='])
        expect(log, leak).not.toContain(leak);
    },
  );

  test('headers and bodies that do get logged are redacted', async () => {
    const { lines, logger } = captureLogs();
    await withServer({ logger }, async (s) => {
      s.app.log.info(
        {
          req: { method: 'POST', url: '/x', headers: { 'x-parse-session-token': 'tok-123' } },
          body: { password: 'pw-456', username: 'a@b.c' },
          input: { newPassword: 'pw-789' },
        },
        'debug line',
      );
    });
    const log = lines.join('');
    expect(log).toContain('debug line');
    for (const secret of ['tok-123', 'pw-456', 'pw-789']) expect(log).not.toContain(secret);
  });
});

describe('answers and bodies', () => {
  test('a body over 32 KB is refused with 413', async () => {
    await withServer({}, async (s) => {
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/functions/TrackUserEvent',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@example.com', eventName: 'x', dataFields: { big: 'x'.repeat(40 * 1024) } }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 107, error: 'Request body is too large.' });
    });
  });

  test('a handler answering a shape its contract does not allow is a bug: 500 and a log line naming the path, not the value', async () => {
    const { lines, logger } = (() => {
      const lines: string[] = [];
      return {
        lines,
        logger: {
          level: 'error',
          stream: new Writable({
            write: (c, _e, done) => {
              lines.push(String(c));
              done();
            },
          }),
        },
      };
    })();
    await withServer(
      { logger, overrides: { handlers: { GetUserExistsByUsername: () => ({ exists: 'secret-value' }) as never } } },
      async (s) => {
        const answer = await s.call('GetUserExistsByUsername', { username: newEmail() });
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ code: 1, error: 'Internal server error.', requestId: expect.any(String) });
        expect(answer.headers['x-request-id']).toBe(answer.body.requestId);
      },
    );
    const log = lines.join('');
    expect(log).toContain('GetUserExistsByUsername answered a shape its contract does not allow');
    expect(log).toContain('"path":"exists"');
    expect(log).not.toContain('secret-value');
  });

  test('an unexpected error answers 500 without its details; a CallError answers its code', async () => {
    await withServer(
      {
        overrides: {
          handlers: {
            GetWebOffers: () => {
              throw new Error('connect ECONNREFUSED postgres://admin:hunter2@db');
            },
            GetDefaultPlans: () => {
              throw new CallError(101, 'No such plan list.');
            },
          },
        },
      },
      async (s) => {
        const unexpected = await s.call('GetWebOffers', {});
        expect(unexpected.status).toBe(500);
        expect(JSON.stringify(unexpected.body)).not.toContain('hunter2');
        expect(unexpected.body).toEqual({ code: 1, error: 'Internal server error.', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
        expect(unexpected.headers['x-request-id']).toBe(unexpected.body.requestId);
        expect(await s.call('GetDefaultPlans', {})).toMatchObject({ status: 404, body: { code: 101, error: 'No such plan list.' } });
      },
    );
  });
});

describe('reCAPTCHA on signup (Google faked at the HTTP boundary)', () => {
  test('a token Google scores high for a registration action creates the account; a low score or another action does not', async () => {
    const seen: URLSearchParams[] = [];
    const verdicts: Record<string, unknown> = {
      human: { success: true, score: 0.9, action: 'registration' },
      bot: { success: true, score: 0.1, action: 'registration' },
      payment: { success: true, score: 0.9, action: 'paymentForm' },
    };
    const captchaFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = new URLSearchParams(String(init?.body));
      seen.push(body);
      return new Response(JSON.stringify(verdicts[body.get('response') ?? ''] ?? { success: false }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    await withServer(
      {
        backend: { captcha: { provider: 'recaptcha', recaptchaSecret: 'the-secret', recaptchaMinScore: 0.5 } },
        overrides: { captchaFetch },
      },
      async (s) => {
        const ok = await s.call(
          'CreateWebUser',
          { username: newEmail(), password: PASSWORD, captchaToken: 'human' },
          { ip: '203.0.113.44' },
        );
        expect(ok.status).toBe(200);
        expect(Object.fromEntries(seen[0]!)).toEqual({ secret: 'the-secret', response: 'human', remoteip: '203.0.113.44' });
        for (const captchaToken of ['bot', 'payment', 'local-captcha:registration']) {
          const refused = await s.call('CreateNewWebUser', { username: newEmail(), password: PASSWORD, captchaToken });
          expect(refused.body, captchaToken).toMatchObject({ code: 142, messageKey: 'CAPTCHA_FAILED' });
        }
        expect((await s.app.inject({ method: 'GET', url: '/api/client-config' })).json()).toMatchObject({
          captcha: { provider: 'recaptcha' },
        });
      },
    );
  });

  test('CAPTCHA_ON_SIGNUP=optional accepts a signup without a token (a token sent is still checked)', async () => {
    await withServer({ backend: { signupCaptcha: 'optional' } }, async (s) => {
      expect((await s.call('CreateNewWebUser', { username: newEmail(), password: PASSWORD })).status).toBe(200);
      expect((await s.call('CreateNewWebUser', { username: newEmail(), password: PASSWORD, captchaToken: 'forged' })).body).toMatchObject({
        messageKey: 'CAPTCHA_FAILED',
      });
    });
  });
});

describe('the outbox dispatcher', () => {
  test('a failed delivery is retried later; a delivered message is not sent again', async () => {
    const attempts: OutboxDelivery[] = [];
    let fail = true;
    // The message is stamped by the database's clock; this instance's clock runs a minute ahead.
    let now = Date.now() + 60_000;
    await withServer(
      {
        overrides: {
          now: () => new Date(now),
          outboxAdapter: {
            deliver: async (m) => {
              attempts.push(m);
              if (fail) throw new Error('CRM is down');
            },
          },
        },
      },
      async (s) => {
        await t.db.updateTable('outbox').set({ processed_at: new Date() }).where('processed_at', 'is', null).execute();
        await s.call('TrackUserEvent', { email: newEmail(), eventName: 'Retry Me' });
        expect(await s.app.backend.outbox.runOnce()).toBe(0);
        expect(attempts).toHaveLength(1);
        const [row] = await t.db.selectFrom('outbox').selectAll().where('processed_at', 'is', null).execute();
        expect(row).toMatchObject({ attempts: 1, last_error: 'Error: CRM is down' });
        // Not due yet.
        fail = false;
        expect(await s.app.backend.outbox.runOnce()).toBe(0);
        now += 60 * 60 * 1000;
        expect(await s.app.backend.outbox.runOnce()).toBe(1);
        expect(await s.app.backend.outbox.runOnce()).toBe(0);
        expect(attempts.map((m) => m.payload.eventName)).toEqual(['Retry Me', 'Retry Me']);
      },
    );
  });
});
