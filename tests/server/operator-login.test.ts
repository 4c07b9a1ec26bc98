/**
 * The operators' login at /admin: the form, its CSRF token bound to a pre-session, the session
 * cookie, the generic message, the rate limits, logout with the session's own token, the
 * report's redirect without a session, and the cookies of a production server.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { FORM_EXPIRED, TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from '../../src/server/adminPages/loginPage.ts';
import { PRE_SESSION_COOKIE, SESSION_COOKIE } from '../../src/server/adminPages/routes.ts';
import { hashToken } from '../../src/server/auth/tokens.ts';
import { adminBrowser, newOperator, OPERATOR_PASSWORD } from './adminPages.ts';
import { startBackendServer, useBackendServer } from './backendServer.ts';
import { REPORT_FIXTURE_DIR } from './reportSeed.ts';

const s = useBackendServer({ funnelsDir: REPORT_FIXTURE_DIR });
let ips = 0;
const browser = () => adminBrowser(() => s.app, `10.77.${Math.floor(++ips / 250)}.${ips % 250}`);

const setCookie = (headers: Record<string, unknown>, name: string) =>
  ([headers['set-cookie'] ?? []].flat() as string[]).find((c) => c.startsWith(`${name}=`)) ?? '';

describe('GET /admin/login', () => {
  test('an accessible form with a CSRF token, and its pre-session in a cookie (HttpOnly, SameSite=Strict, Path=/admin)', async () => {
    const b = browser();
    const page = await b.get('/admin/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toMatch(/<main id="main"[^>]*><div class="login"><h1>Operator login<\/h1>/);
    expect(page.body).not.toMatch(/<script(?! defer src=)|<style|style=/);
    const cookie = setCookie(page.headers, PRE_SESSION_COOKIE);
    expect(cookie).toMatch(/^admin_login=[\w-]{32}\.\d+; Path=\/admin; Max-Age=3600; HttpOnly; SameSite=Strict$/);
    // Not a double submit: the field is the pre-session's signature, not the cookie again.
    const csrf = b.csrfOf(page.body);
    expect(csrf).toMatch(/^[\w-]{43}$/);
    expect(csrf).not.toBe(b.jar.get(PRE_SESSION_COOKIE));
    // The same browser opening the form again keeps its pre-session and gets the same token.
    const again = await b.get('/admin/login');
    expect(setCookie(again.headers, PRE_SESSION_COOKIE)).toBe('');
    expect(b.csrfOf(again.body)).toBe(csrf);
  });

  test('GET /admin/report without a session: 303 to the login form', async () => {
    const b = browser();
    const response = await b.get('/admin/report');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/login');
    b.jar.set(SESSION_COOKIE, 'a-made-up-token');
    expect((await b.get('/admin/report')).headers.location).toBe('/admin/login');
    expect((await b.get('/admin')).headers.location).toBe('/admin/report');
    expect((await b.get('/admin/elsewhere')).statusCode).toBe(404);
  });
});

describe('POST /admin/login', () => {
  test('the right email and password: a session cookie, then the report', async () => {
    const email = await newOperator(s.db);
    const b = browser();
    const response = await b.logIn(email.toUpperCase(), OPERATOR_PASSWORD);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/report');
    expect(setCookie(response.headers, SESSION_COOKIE)).toMatch(/; Path=\/admin; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    const token = b.jar.get(SESSION_COOKIE)!;
    expect(b.jar.has(PRE_SESSION_COOKIE)).toBe(false);
    // The table keeps the token's hash only.
    const stored = await s.db.selectFrom('operator_sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    expect(stored?.expires_at.getTime()).toBeGreaterThan(Date.now() + 11.9 * 3600_000);
    expect(await s.db.selectFrom('operator_sessions').select('token_hash').where('token_hash', '=', token).execute()).toEqual([]);

    const report = await b.get('/admin/report');
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('<h1>Experiments report</h1>');
    expect(report.body).toContain(email);
    // A session goes straight past the login form.
    expect((await b.get('/admin/login')).headers.location).toBe('/admin/report');
  });

  test('a wrong password and an unknown email: the same generic message, 401, no session', async () => {
    const email = await newOperator(s.db);
    for (const [who, password] of [
      [email, 'not-the-password'],
      ['nobody@example.com', OPERATOR_PASSWORD],
    ] as const) {
      const b = browser();
      const response = await b.logIn(who, password);
      expect(response.statusCode, who).toBe(401);
      expect(response.body, who).toContain(`<p class="error" role="alert">${WRONG_CREDENTIALS}</p>`);
      expect(response.body, who).toContain(`value="${who}"`);
      expect(b.jar.has(SESSION_COOKIE), who).toBe(false);
    }
  });

  test('without the CSRF token, or with another one: refused (403) even with the right password', async () => {
    const email = await newOperator(s.db);
    const noCookie = browser();
    const form = await browser().get('/admin/login');
    const stolenToken = browser().csrfOf(form.body);
    const refused = [
      await noCookie.post('/admin/login', { csrf: stolenToken, email, password: OPERATOR_PASSWORD }),
      await (async () => {
        const b = browser();
        await b.get('/admin/login');
        return b.post('/admin/login', { email, password: OPERATOR_PASSWORD });
      })(),
      await (async () => {
        const b = browser();
        await b.get('/admin/login');
        return b.post('/admin/login', { csrf: stolenToken, email, password: OPERATOR_PASSWORD });
      })(),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain(FORM_EXPIRED);
      expect(setCookie(response.headers, SESSION_COOKIE)).toBe('');
    }
    // A JSON body is no form: not a login either.
    const json = await s.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { email, password: OPERATOR_PASSWORD },
      remoteAddress: '10.66.0.1',
    });
    expect(json.statusCode).toBe(403);
  });

  test('a cookie and a field forged together, or a pre-session of the right shape not made by the server: refused (403)', async () => {
    const email = await newOperator(s.db);
    const forgeries: [string, string][] = [
      ['forged-token', 'forged-token'],
      [`${'A'.repeat(32)}.${Math.floor(Date.now() / 1000)}`, `${'A'.repeat(32)}.${Math.floor(Date.now() / 1000)}`],
      [`${'A'.repeat(32)}.${Math.floor(Date.now() / 1000)}`, createHmac('sha256', 'a guessed key').update('x').digest('base64url')],
    ];
    for (const [cookie, csrf] of forgeries) {
      const b = browser();
      b.jar.set(PRE_SESSION_COOKIE, cookie);
      const response = await b.post('/admin/login', { csrf, email, password: OPERATOR_PASSWORD });
      expect(response.statusCode, cookie).toBe(403);
      expect(b.jar.has(SESSION_COOKIE), cookie).toBe(false);
      // A new pre-session comes with the refusal, so the form shown can be sent.
      expect(b.jar.get(PRE_SESSION_COOKIE), cookie).not.toBe(cookie);
      expect((await b.post('/admin/login', { csrf: b.csrfOf(response.body), email, password: OPERATOR_PASSWORD })).statusCode).toBe(303);
    }
  });

  test("the token is the HMAC of the pre-session under the servers' shared key, good for an hour", async () => {
    const email = await newOperator(s.db);
    const { secret } = await s.db
      .selectFrom('server_keys')
      .select('secret')
      .where('name', '=', 'operator-login-form')
      .executeTakeFirstOrThrow();
    const sign = (preSession: string) =>
      createHmac('sha256', Buffer.from(secret, 'base64url')).update(`operator login form\n${preSession}`).digest('base64url');
    const at = (secondsAgo: number) => `${'Q'.repeat(32)}.${Math.floor(Date.now() / 1000) - secondsAgo}`;
    const attempt = async (preSession: string) => {
      const b = browser();
      b.jar.set(PRE_SESSION_COOKIE, preSession);
      return (await b.post('/admin/login', { csrf: sign(preSession), email, password: OPERATOR_PASSWORD })).statusCode;
    };
    expect(await attempt(at(60))).toBe(303);
    expect(await attempt(at(3600 + 60))).toBe(403);
  });

  test('five wrong passwords for an email from one address: the sixth attempt is refused (429), even the right one', async () => {
    const email = await newOperator(s.db);
    const b = browser();
    for (let i = 0; i < 5; i++) expect((await b.logIn(email, `wrong-${i}`)).statusCode).toBe(401);
    const refused = await b.logIn(email, OPERATOR_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(TOO_MANY_ATTEMPTS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still logs in.
    expect((await browser().logIn(email, OPERATOR_PASSWORD)).statusCode).toBe(303);
  });

  test('ten wrong passwords for an email from anywhere: that email is refused everywhere (429)', async () => {
    const email = await newOperator(s.db);
    for (let i = 0; i < 10; i++) expect((await browser().logIn(email, `wrong-${i}`)).statusCode).toBe(401);
    expect((await browser().logIn(email, OPERATOR_PASSWORD)).statusCode).toBe(429);
  });

  test('twenty attempts from one address, whatever the emails: the next is refused (429)', async () => {
    const b = browser();
    for (let i = 0; i < 20; i++) expect((await b.logIn(`someone-${i}@example.com`, 'wrong-password')).statusCode).toBe(401);
    expect((await b.logIn('someone-else@example.com', 'wrong-password')).statusCode).toBe(429);
  });
});

describe('the studio API on the login session', () => {
  test('the cookie the login form sets reaches /admin/studio/api, whose token is the report forms’; after logout: 401', async () => {
    const email = await newOperator(s.db);
    const b = browser();
    expect((await b.get('/admin/studio/api/session')).statusCode).toBe(401);
    await b.logIn(email, OPERATOR_PASSWORD);
    const report = await b.get('/admin/report');
    const session = await b.get('/admin/studio/api/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ email, role: 'editor', csrf: b.csrfOf(report.body) });
    await b.post('/admin/logout', { csrf: b.csrfOf(report.body) });
    expect((await b.get('/admin/studio/api/session')).statusCode).toBe(401);
  });
});

describe('POST /admin/logout', () => {
  test("with the session's CSRF token: the session ends; without it: refused, the session stays", async () => {
    const email = await newOperator(s.db);
    const b = browser();
    await b.logIn(email, OPERATOR_PASSWORD);
    const report = await b.get('/admin/report');

    const forged = await b.post('/admin/logout', { csrf: 'forged' });
    expect(forged.statusCode).toBe(403);
    expect((await b.get('/admin/report')).statusCode).toBe(200);

    const token = b.jar.get(SESSION_COOKIE)!;
    const out = await b.post('/admin/logout', { csrf: b.csrfOf(report.body) });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/admin/login');
    expect(setCookie(out.headers, SESSION_COOKIE)).toMatch(/Max-Age=0/);
    b.jar.set(SESSION_COOKIE, token);
    expect((await b.get('/admin/report')).headers.location).toBe('/admin/login');
  });
  test("another session's CSRF token does not log this one out", async () => {
    const email = await newOperator(s.db);
    const mine = browser();
    const other = browser();
    await mine.logIn(email, OPERATOR_PASSWORD);
    await other.logIn(email, OPERATOR_PASSWORD);
    const othersToken = other.csrfOf((await other.get('/admin/report')).body);
    expect(othersToken).not.toBe(mine.csrfOf((await mine.get('/admin/report')).body));
    expect((await mine.post('/admin/logout', { csrf: othersToken })).statusCode).toBe(403);
    expect((await mine.get('/admin/report')).statusCode).toBe(200);
    expect((await other.get('/admin/report')).statusCode).toBe(200);
  });
});

test('behind an https load balancer (TRUST_PROXY): the cookies are Secure', async () => {
  const server = await startBackendServer(s.db, { funnelsDir: REPORT_FIXTURE_DIR, trustProxy: true });
  try {
    const email = await newOperator(s.db);
    const https = { 'x-forwarded-proto': 'https' };
    const form = await server.app.inject({ method: 'GET', url: '/admin/login', headers: https, remoteAddress: '10.55.0.1' });
    const csrfCookie = setCookie(form.headers, PRE_SESSION_COOKIE);
    expect(csrfCookie).toMatch(/; Secure$/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const login = await server.app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { ...https, 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie.split(';')[0]! },
      payload: new URLSearchParams({ csrf, email, password: OPERATOR_PASSWORD }).toString(),
      remoteAddress: '10.55.0.1',
    });
    expect(login.statusCode).toBe(303);
    expect(setCookie(login.headers, SESSION_COOKIE)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  } finally {
    await server.close();
  }
});

test('in production, over plain http without TRUST_PROXY: __Host- cookies, Secure, Path=/; plain names are not read', async () => {
  const server = await startBackendServer(s.db, { funnelsDir: REPORT_FIXTURE_DIR, backend: { environment: 'production' } });
  try {
    const email = await newOperator(s.db);
    const b = adminBrowser(() => server.app, '10.56.0.1');
    const form = await b.get('/admin/login');
    expect(setCookie(form.headers, `__Host-${PRE_SESSION_COOKIE}`)).toMatch(
      /^__Host-admin_login=[\w-]{32}\.\d+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(setCookie(form.headers, PRE_SESSION_COOKIE)).toBe('');
    const login = await b.post('/admin/login', { csrf: b.csrfOf(form.body), email, password: OPERATOR_PASSWORD });
    expect(login.statusCode).toBe(303);
    expect(setCookie(login.headers, `__Host-${SESSION_COOKIE}`)).toMatch(
      /^__Host-admin_session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(setCookie(login.headers, `__Host-${PRE_SESSION_COOKIE}`)).toMatch(/^__Host-admin_login=; Path=\/; Max-Age=0;/);
    const report = await b.get('/admin/report');
    expect(report.statusCode).toBe(200);
    // The session's token under the plain name, as a cookie set by a sibling site or over http could be: no session.
    const token = b.jar.get(`__Host-${SESSION_COOKIE}`)!;
    const plain = await server.app.inject({
      method: 'GET',
      url: '/admin/report',
      headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
      remoteAddress: '10.56.0.2',
    });
    expect(plain.headers.location).toBe('/admin/login');
    const out = await b.post('/admin/logout', { csrf: b.csrfOf(report.body) });
    expect(setCookie(out.headers, `__Host-${SESSION_COOKIE}`)).toMatch(/^__Host-admin_session=; Path=\/; Max-Age=0;.*; Secure$/);
  } finally {
    await server.close();
  }
});
