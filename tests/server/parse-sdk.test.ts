/**
 * The official Parse JS SDK (`parse/node`) against a listening server: logIn, Cloud.run with
 * a session, become, logOut, and Parse errors, as an existing Parse client would use them.
 * The SDK posts text/plain JSON bodies with `_method`, `_ApplicationId` and `_SessionToken`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Parse from 'parse/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../src/server/app.ts';
import { FAST_SCRYPT, newEmail, PASSWORD } from './backendServer.ts';
import { useTestDatabase } from './db.ts';

const t = useTestDatabase();
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parse-sdk-'));
  app = await buildServer({
    dataDir,
    db: t.db,
    backend: { environment: 'test', dispatchOutbox: false },
    overrides: { passwordParams: FAST_SCRYPT },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  Parse.initialize('app-id');
  Parse.serverURL = `http://127.0.0.1:${address.port}/api`;
  // Node keeps no "current user" unless told to (it would be shared by every request).
  Parse.User.enableUnsafeCurrentUser();
}, 60_000);

afterAll(async () => {
  await Parse.User.logOut().catch(() => undefined);
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(email: string) {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/functions/CreateNewWebUser',
    payload: { username: email, password: PASSWORD, captchaToken: 'local-captcha:tryClassesRegistration' },
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { result: { id: string } }).result.id;
}

describe('the parse SDK', () => {
  test('Parse.User.logIn answers a user with a session token; Cloud.run calls a function', async () => {
    const email = newEmail('sdk');
    const id = await signUp(email);
    const user = await Parse.User.logIn(email.toUpperCase(), PASSWORD);
    expect(user.id).toBe(id);
    expect(user.get('email')).toBe(email);
    expect(user.getUsername()).toBe(email);
    expect(user.getSessionToken()).toMatch(/^r:[A-Za-z0-9_-]{43}$/);

    expect(await Parse.Cloud.run('GetUserExistsByUsername', { username: email })).toEqual({ exists: true });
    expect(await Parse.Cloud.run('GetUserExistsByUsername', { username: newEmail('nobody') })).toEqual({ exists: false });
  });

  test('the SDK never puts credentials in an address: logIn is a POST, also with usePost: false (_method GET in the body)', async () => {
    const email = newEmail('sdk');
    const id = await signUp(email);
    const sent: { method: string; url: string; body: string }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input), body: String(init?.body ?? '') });
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      expect((await Parse.User.logIn(email, PASSWORD)).id).toBe(id);
      expect((await Parse.User.logIn(email, PASSWORD, { usePost: false })).id).toBe(id);
    } finally {
      globalThis.fetch = realFetch;
    }
    const logins = sent.filter((r) => new URL(r.url).pathname === '/api/login');
    expect(logins.map((r) => r.method)).toEqual(['POST', 'POST']);
    for (const r of logins) {
      expect(new URL(r.url).search).toBe('');
      expect(r.body).toContain(PASSWORD);
    }
    expect(JSON.parse(logins[1]!.body)).toMatchObject({ _method: 'GET', username: email });
  });

  test("Parse's original GET /api/login?username=&password= is refused (405, code 119), as are credentials in a POST's query", async () => {
    const email = newEmail('sdk');
    await signUp(email);
    const query = `username=${encodeURIComponent(email)}&password=${PASSWORD}`;
    const message = 'Credentials are not accepted in an address: send username and password in the body of a POST to /api/login.';
    const get = await app.inject({ method: 'GET', url: `/api/login?${query}` });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.json()).toEqual({ code: Parse.Error.OPERATION_FORBIDDEN, error: message });
    const post = await app.inject({ method: 'POST', url: `/api/login?${query}`, payload: {} });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toEqual({ code: Parse.Error.OPERATION_FORBIDDEN, error: message });
    const both = await app.inject({ method: 'POST', url: `/api/login?${query}`, payload: { username: email, password: PASSWORD } });
    expect(both.statusCode).toBe(400);
    const sessions = await t.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.user_id')
      .where('users.email', '=', email)
      .execute();
    expect(sessions).toEqual([]);
  });

  test('a session call through Cloud.run carries the current user’s token (_SessionToken)', async () => {
    const email = newEmail('sdk');
    const id = await signUp(email);
    await Parse.User.logIn(email, PASSWORD);
    const details = (await Parse.Cloud.run('GetCustomerDetails', {})) as { id: string; customerData: { email: string } };
    expect(details).toMatchObject({ id, customerData: { email } });
  });

  test('Parse.User.become(token) fetches users/me; logOut revokes the session', async () => {
    const email = newEmail('sdk');
    const id = await signUp(email);
    const first = (await Parse.User.logIn(email, PASSWORD)).getSessionToken()!;
    const second = (await Parse.User.logIn(email, PASSWORD)).getSessionToken()!;
    await Parse.User.logOut(); // revokes `second`, the current user's
    expect(Parse.User.current()).toBeFalsy();
    await expect(Parse.User.become(second)).rejects.toMatchObject({
      code: Parse.Error.INVALID_SESSION_TOKEN,
      message: 'Invalid session token',
    });

    const became = await Parse.User.become(first);
    expect(became.id).toBe(id);
    expect(became.get('email')).toBe(email);
    expect(became.getSessionToken()).toBe(first);
    expect(Parse.User.current()?.id).toBe(id);
    await Parse.User.logOut();
    await expect(Parse.User.become(first)).rejects.toMatchObject({ code: Parse.Error.INVALID_SESSION_TOKEN });
  });

  test('errors arrive as Parse.Error with their codes', async () => {
    await Parse.User.logOut().catch(() => undefined);
    await expect(Parse.User.logIn(newEmail('nobody'), PASSWORD)).rejects.toMatchObject({
      code: Parse.Error.OBJECT_NOT_FOUND,
      message: 'Invalid username/password.',
    });
    await expect(Parse.Cloud.run('NoSuchCall', {})).rejects.toMatchObject({
      code: Parse.Error.SCRIPT_FAILED,
      message: 'Invalid function: "NoSuchCall"',
    });
    await expect(Parse.Cloud.run('GetPaymentHistory', {})).rejects.toMatchObject({ code: Parse.Error.INVALID_SESSION_TOKEN });
    await expect(Parse.Cloud.run('GetUserExistsByUsername', {})).rejects.toMatchObject({ code: Parse.Error.VALIDATION_ERROR });
  });
});
