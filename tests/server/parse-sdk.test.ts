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
