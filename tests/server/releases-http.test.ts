/**
 * The release endpoints: on this machine (loopback and the admin token) the caller is a
 * publisher; from elsewhere an operator's email and password are needed, and the operator's role
 * decides: an editor saves drafts, a publisher also publishes and rolls back.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_PREFIX, adminRoutes } from '../../src/server/admin/routes.ts';
import { createPasswordHasher } from '../../src/server/auth/passwords.ts';
import { createMemoryRateLimitStore, createRateLimiter } from '../../src/server/auth/rateLimits.ts';
import { createOperator } from '../../src/server/operators/accounts.ts';
import { OPERATOR_RELEASES_PREFIX, operatorReleaseRoutes } from '../../src/server/releases/routes.ts';
import { FAST_SCRYPT } from './backendServer.ts';
import { useTestDatabase } from './db.ts';
import { homeHeadingOf, REPOSITORY_FILES, withHomeHeading, withMistake } from './releaseFixtures.ts';

const TOKEN = 'test-admin-token';
const PASSWORD = 'a-long-operator-password';
const t = useTestDatabase();
let app: FastifyInstance;

beforeAll(async () => {
  const passwords = createPasswordHasher(FAST_SCRYPT);
  app = Fastify();
  await app.register(adminRoutes, { prefix: ADMIN_PREFIX, db: t.db, token: TOKEN, passwords });
  const rateLimiter = createRateLimiter({ store: createMemoryRateLimitStore() });
  await app.register(operatorReleaseRoutes, { prefix: OPERATOR_RELEASES_PREFIX, db: t.db, passwords, rateLimiter });
  await createOperator(t.db, passwords, { email: 'eddie@example.com', password: PASSWORD });
  await createOperator(t.db, passwords, { email: 'pat@example.com', password: PASSWORD, role: 'publisher' });
});
afterAll(() => app?.close());

const local = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url: `${ADMIN_PREFIX}${url}`,
    headers: { authorization: `Bearer ${TOKEN}` },
    remoteAddress: '127.0.0.1',
    ...(payload ? { payload } : {}),
  });
const basic = (email: string, password = PASSWORD) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
const remote = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object, remoteAddress = '203.0.113.9') =>
  app.inject({
    method,
    url: `${OPERATOR_RELEASES_PREFIX}${url}`,
    headers: { authorization },
    remoteAddress,
    ...(payload ? { payload } : {}),
  });

describe('on this machine, with the admin token', () => {
  test('publish, list, read, diff; a refused publish answers the check report and changes nothing', { timeout: 60_000 }, async () => {
    const first = await local('POST', '/releases', { files: REPOSITORY_FILES, message: 'first', author: 'sam' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: 1, draft: false, unchanged: false });

    const refused = await local('POST', '/releases', { files: withMistake(REPOSITORY_FILES), author: 'sam' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatch(/funnels\/home\.yaml:\d+:1: error FL101/);

    const second = await local('POST', '/releases', { files: withHomeHeading(REPOSITORY_FILES, 'Local heading'), author: 'sam' });
    expect(second.json()).toMatchObject({ id: 2 });
    const list = (await local('GET', '/releases')).json();
    expect(list).toMatchObject({ liveId: 2, deployedId: null });
    expect(list.releases.map((r: { id: number; status: string; author: string }) => [r.id, r.status, r.author])).toEqual([
      [2, 'live', 'cli:sam'],
      [1, 'earlier', 'cli:sam'],
    ]);
    expect(list.releases[0].changes).toEqual({ added: [], changed: ['copy/en/home.yaml'], removed: [] });
    expect(homeHeadingOf((await local('GET', '/releases/live')).json().files)).toBe('Local heading');
    const diff = (await local('GET', '/releases/diff?from=1&to=2')).json();
    expect(diff.diff).toContain('--- a/copy/en/home.yaml\n+++ b/copy/en/home.yaml\n@@ -1,');
    expect(diff.diff).toContain('\n-heading: Start your free trial today!\n+heading: Local heading\n');
    expect((await local('GET', '/releases/77')).statusCode).toBe(404);
  });

  test('an operator made a publisher (npm run operator -- role) may publish', async () => {
    await createOperator(t.db, createPasswordHasher(FAST_SCRYPT), { email: 'promoted@example.com', password: PASSWORD });
    const before = await remote('POST', '/releases/rollback', basic('promoted@example.com'), { to: 1 });
    expect(before.statusCode).toBe(403);
    const promoted = await local('POST', '/operators/role', { email: 'Promoted@Example.com', role: 'publisher' });
    expect(promoted.json()).toEqual({ email: 'promoted@example.com', role: 'publisher' });
    expect((await local('POST', '/operators/role', { email: 'nobody@example.com', role: 'publisher' })).json()).toEqual({
      error: 'There is no operator with the email nobody@example.com.',
    });
    expect((await remote('GET', '/releases', basic('promoted@example.com'))).statusCode).toBe(200);
  });

  test('without the token, or not from loopback: refused', async () => {
    const noToken = await app.inject({ method: 'GET', url: `${ADMIN_PREFIX}/releases`, remoteAddress: '127.0.0.1' });
    expect(noToken.statusCode).toBe(401);
    const elsewhere = await app.inject({
      method: 'GET',
      url: `${ADMIN_PREFIX}/releases`,
      headers: { authorization: `Bearer ${TOKEN}` },
      remoteAddress: '10.1.2.3',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe("from elsewhere, with an operator's credentials", () => {
  test('no or wrong credentials: 401', async () => {
    expect((await remote('GET', '/releases', '')).statusCode).toBe(401);
    expect((await remote('GET', '/releases', basic('pat@example.com', 'wrong-password-here'))).statusCode).toBe(401);
  });

  test('wrong passwords are limited as at the /admin login: after 5 from one address, even the right one waits; others go on', async () => {
    const guesser = '198.51.100.77';
    await createOperator(t.db, createPasswordHasher(FAST_SCRYPT), { email: 'guessed@example.com', password: PASSWORD });
    for (let i = 0; i < 5; i++)
      expect((await remote('GET', '/releases', basic('guessed@example.com', `wrong-${i}-password`), undefined, guesser)).statusCode).toBe(
        401,
      );
    const refused = await remote('GET', '/releases', basic('guessed@example.com'), undefined, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many wrong passwords: wait a while, then try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The operator from their own address, and right passwords in numbers, are not held up.
    for (let i = 0; i < 12; i++) expect((await remote('GET', '/releases', basic('guessed@example.com'))).statusCode).toBe(200);
  });

  test('an editor saves a draft but cannot publish or roll back; a publisher publishes the draft and rolls back', {
    timeout: 60_000,
  }, async () => {
    const files = withHomeHeading(REPOSITORY_FILES, 'Remote heading');
    const published = await remote('POST', '/releases', basic('eddie@example.com'), { files });
    expect(published.statusCode).toBe(403);
    expect(published.json().error).toContain('eddie@example.com is an editor');
    expect((await remote('POST', '/releases/rollback', basic('eddie@example.com'), {})).statusCode).toBe(403);

    const draft = await remote('POST', '/releases', basic('eddie@example.com'), { files, draft: true, baseId: 2 });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ draft: true });
    const list = (await remote('GET', '/releases', basic('eddie@example.com'))).json();
    expect(list.releases[0]).toMatchObject({ id: draft.json().id, status: 'draft', author: 'eddie@example.com' });
    expect(homeHeadingOf((await local('GET', '/releases/live')).json().files)).toBe('Local heading');

    const live = await remote('POST', '/releases/publish-draft', basic('pat@example.com'), { id: draft.json().id });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ id: draft.json().id, previousLiveId: 2 });
    expect(homeHeadingOf((await remote('GET', '/releases/live', basic('eddie@example.com'))).json().files)).toBe('Remote heading');

    const back = await remote('POST', '/releases/rollback', basic('pat@example.com'), {});
    expect(back.json()).toMatchObject({ id: 2, previousLiveId: draft.json().id });
    const audit = await t.db.selectFrom('release_audit').select(['actor', 'action']).orderBy('id').execute();
    expect(audit.slice(-3)).toEqual([
      { actor: 'eddie@example.com', action: 'draft' },
      { actor: 'pat@example.com', action: 'publish' },
      { actor: 'pat@example.com', action: 'rollback' },
    ]);
  });
});
