/**
 * The operators' login at /admin: the form, its CSRF token, the session cookie, the generic
 * message, the rate limits, logout, and the report's redirect without a session.
 */
import { describe, expect, test } from 'vitest';
import { FORM_EXPIRED, TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from '../../src/server/adminPages/loginPage.ts';
import { LOGIN_CSRF_COOKIE, SESSION_COOKIE } from '../../src/server/adminPages/routes.ts';
import { hashToken } from '../../src/server/auth/tokens.ts';
import { adminBrowser, newOperator, OPERATOR_PASSWORD } from './adminPages.ts';
import { startBackendServer, useBackendServer } from './backendServer.ts';
import { REPORT_FIXTURE_DIR } from './reportSeed.ts';

const s = useBackendServer({ funnelsDir: REPORT_FIXTURE_DIR });
let ips = 0;
const browser = () => adminBrowser(() => s.app, `10.77.${Math.floor(++ips / 250)}.${ips % 250}`);

const setCookie = (headers: Record<string, unknown>, name: string) =>
  ([headers['set-cookie']].flat() as string[]).find((c) => c.startsWith(`${name}=`)) ?? '';

describe('GET /admin/login', () => {
  test('an accessible form with a CSRF token, the same as in its cookie (HttpOnly, SameSite=Strict, Path=/admin)', async () => {
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
    const cookie = setCookie(page.headers, LOGIN_CSRF_COOKIE);
    expect(cookie).toMatch(/; Path=\/admin; Max-Age=3600; HttpOnly; SameSite=Strict$/);
    expect(b.csrfOf(page.body)).toBe(b.jar.get(LOGIN_CSRF_COOKIE));
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
    expect(b.jar.has(LOGIN_CSRF_COOKIE)).toBe(false);
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
});

test('behind an https load balancer (TRUST_PROXY): the cookies are Secure', async () => {
  const server = await startBackendServer(s.db, { funnelsDir: REPORT_FIXTURE_DIR, trustProxy: true });
  try {
    const email = await newOperator(s.db);
    const https = { 'x-forwarded-proto': 'https' };
    const form = await server.app.inject({ method: 'GET', url: '/admin/login', headers: https, remoteAddress: '10.55.0.1' });
    const csrfCookie = setCookie(form.headers, LOGIN_CSRF_COOKIE);
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
