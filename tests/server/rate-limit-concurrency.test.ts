/**
 * Rate limits hold when the attempts arrive at once: 20 wrong passwords sent together get
 * exactly the limit's worth checked (the password hasher's `verify` is counted), the rest 429
 * RATE_LIMITED without being tried — for the parents' login (UserLogin and Parse's POST
 * /api/login), the current password asked before a change, and the operators' login form.
 *
 * Each counter store is tried: memory (the embedded database's server), the database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL: there two server instances with their own pools share
 * it) and Redis (two instances). Every test uses an address of its own, so counters left in
 * Redis by an earlier run do not count.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { MessageKey } from '../../src/contract/index.ts';
import { TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from '../../src/server/adminPages/loginPage.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  createSqlRateLimitStore,
  defaultRateLimitPolicies,
  type RateLimitStore,
} from '../../src/server/auth/rateLimits.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { adminBrowser, newOperator, OPERATOR_PASSWORD } from './adminPages.ts';
import { type Answer, client, newEmail, PASSWORD, startBackendServer } from './backendServer.ts';
import { testDatabaseUrl, useTestDatabase } from './db.ts';
import { REPORT_FIXTURE_DIR } from './reportSeed.ts';

const t = useTestDatabase();
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const AT_ONCE = 20;
const policies = defaultRateLimitPolicies;

/** An address no other test (nor an earlier run's counters in Redis) used. */
const freshIp = () => `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

type Server = Awaited<ReturnType<typeof startBackendServer>>;

interface Instances {
  servers: Server[];
  /** Server i of the instances, round robin. */
  app(i: number): FastifyInstance;
  /** Every password check of every instance, the operators' included (they share the parents' hasher). */
  checks(): number;
  /** Every login slowed down by the per-account counter (its wait is not spent here). */
  slowDowns(): number;
}

type StoreKind = 'memory' | 'database' | 'redis';

async function startInstances(kind: StoreKind): Promise<Instances & { close(): Promise<void> }> {
  const extra: DatabaseHandle[] = [];
  const storesFor = async (): Promise<Array<{ db: typeof t.db; store: RateLimitStore }>> => {
    // The embedded database's counters live in its one server's memory.
    if (kind === 'memory') return [{ db: t.db, store: createMemoryRateLimitStore() }];
    const second = await t.openAnother();
    extra.push(second);
    if (kind === 'database')
      return [
        { db: t.db, store: createSqlRateLimitStore(t.db, { random: () => 1 }) },
        { db: second.db, store: createSqlRateLimitStore(second.db, { random: () => 1 }) },
      ];
    return [
      { db: t.db, store: await createRedisRateLimitStore(REDIS_URL) },
      { db: second.db, store: await createRedisRateLimitStore(REDIS_URL) },
    ];
  };
  const servers: Server[] = [];
  let slowDowns = 0;
  const sleep = async () => {
    slowDowns++;
  };
  for (const { db, store } of await storesFor())
    servers.push(await startBackendServer(db, { funnelsDir: REPORT_FIXTURE_DIR, overrides: { rateLimitStore: store, sleep } }));
  const verifies = servers.map((server) => vi.spyOn(server.app.backend.accounts.passwords, 'verify'));
  return {
    servers,
    app: (i) => servers[i % servers.length]!.app,
    checks: () => verifies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    slowDowns: () => slowDowns,
    async close() {
      for (const server of servers) await server.close();
      for (const handle of extra) await handle.close();
    },
  };
}

const refusedAsRateLimited = (answer: Answer) => answer.status === 429 && answer.body.messageKey === MessageKey.rateLimited;

describe.each<StoreKind>(['memory', 'database', 'redis'])('counters in %s', (kind) => {
  let instances: Instances & { close(): Promise<void> };
  beforeAll(async () => {
    instances = await startInstances(kind);
    if (kind !== 'memory') expect(instances.servers).toHaveLength(2);
    if (kind === 'database') expect(t.kind).toBe(testDatabaseUrl() ? 'postgres' : 'pglite');
  }, 60_000);
  afterAll(async () => {
    await instances?.close();
  });

  const callers = () => instances.servers.map((server) => client(() => server.app));
  const limit = policies.login.perAccountAndIpFailures!.limit;

  test(`UserLogin: ${AT_ONCE} wrong passwords at once for one account from one address — exactly ${limit} checked`, async () => {
    const [first] = callers();
    const { email } = await first!.signUp();
    const ip = freshIp();
    const before = instances.checks();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => callers()[i % callers().length]!.logIn(email, `wrong-${i}`, { ip })),
    );
    expect(instances.checks() - before).toBe(limit);
    const wrong = answers.filter((a) => a.status === 404 && a.body.messageKey === MessageKey.invalidCredentials);
    expect(wrong).toHaveLength(limit);
    expect(answers.filter(refusedAsRateLimited)).toHaveLength(AT_ONCE - limit);
    // Those slots stay taken: the right password from that address waits for the window; from another it logs in.
    expect(refusedAsRateLimited(await first!.logIn(email, PASSWORD, { ip }))).toBe(true);
    expect((await first!.logIn(email, PASSWORD, { ip: freshIp() })).status).toBe(200);
  });

  test(`Parse's POST /api/login: ${AT_ONCE} at once — exactly ${limit} checked`, async () => {
    const { email } = await callers()[0]!.signUp();
    const ip = freshIp();
    const before = instances.checks();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        instances
          .app(i)
          .inject({ method: 'POST', url: '/api/login', payload: { username: email, password: `wrong-${i}` }, remoteAddress: ip }),
      ),
    );
    expect(instances.checks() - before).toBe(limit);
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(limit);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(AT_ONCE - limit);
    for (const answer of refused) expect(answer.json()).toMatchObject({ code: 155, messageKey: MessageKey.rateLimited });
  });

  test('a login that does not fail gives its slot back: after 9 failures, two right passwords in turn both log in', async () => {
    const [first] = callers();
    const { email } = await first!.signUp();
    const ip = freshIp();
    for (let i = 0; i < limit - 1; i++) expect((await first!.logIn(email, `wrong-${i}`, { ip })).status).toBe(404);
    expect((await first!.logIn(email, PASSWORD, { ip })).status).toBe(200);
    expect((await first!.logIn(email, PASSWORD, { ip })).status).toBe(200);
    expect((await first!.logIn(email, 'wrong-again', { ip })).status).toBe(404);
    expect(refusedAsRateLimited(await first!.logIn(email, PASSWORD, { ip }))).toBe(true);
  });

  test('the current password asked before a change: 20 wrong ones at once over the three calls — exactly 10 checked', async () => {
    const reauthLimit = policies.reauthentication.perAccount!.limit;
    const parent = await callers()[0]!.signUp();
    const ip = freshIp();
    const wrong = [
      ['ChangePassword', { userId: parent.id, newPassword: 'hijacked-1', currentPassword: 'guess' }],
      ['UpdateUserEmail', { newUsername: newEmail('thief'), password: 'guess' }],
      ['ChangeUsername', { oldEmail: parent.email, newEmail: newEmail('thief'), password: 'guess' }],
    ] as const;
    const before = instances.checks();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => {
        const [name, input] = wrong[i % wrong.length]!;
        return callers()[i % callers().length]!.call(name, input, { token: parent.token, ip });
      }),
    );
    expect(instances.checks() - before).toBe(reauthLimit);
    expect(answers.filter((a) => a.body.messageKey === MessageKey.invalidCredentials)).toHaveLength(reauthLimit);
    expect(answers.filter(refusedAsRateLimited)).toHaveLength(AT_ONCE - reauthLimit);
    // The parent's password still works for logging in.
    expect((await callers()[0]!.logIn(parent.email, PASSWORD)).status).toBe(200);
  });

  test('the per-account slow-down of login holds too: 25 wrong passwords at once from 25 addresses, the last 5 slowed', async () => {
    const slowAfter = policies.login.perAccount!.limit;
    const { email } = await callers()[0]!.signUp();
    const before = instances.slowDowns();
    const answers = await Promise.all(
      Array.from({ length: slowAfter + 5 }, (_, i) => callers()[i % callers().length]!.logIn(email, `wrong-${i}`, { ip: freshIp() })),
    );
    // All checked (a parent is never locked out by others' failures), five after a wait.
    expect(answers.every((a) => a.status === 404)).toBe(true);
    expect(instances.slowDowns() - before).toBe(5);
  });

  test(`the operators' login form: ${AT_ONCE} wrong passwords at once for one email from one address — 5 checked`, async () => {
    const operatorLimit = policies.operatorLogin.perAccountAndIpFailures!.limit;
    const email = await newOperator(t.db);
    const ip = freshIp();
    const browsers = Array.from({ length: AT_ONCE }, (_, i) => adminBrowser(() => instances.app(i), ip));
    const forms = await Promise.all(browsers.map((b) => b.get('/admin/login')));
    const before = instances.checks();
    const answers = await Promise.all(
      browsers.map((b, i) => b.post('/admin/login', { csrf: b.csrfOf(forms[i]!.body), email, password: `wrong-${i}` })),
    );
    expect(instances.checks() - before).toBe(operatorLimit);
    expect(answers.filter((a) => a.statusCode === 401 && a.body.includes(WRONG_CREDENTIALS))).toHaveLength(operatorLimit);
    expect(answers.filter((a) => a.statusCode === 429 && a.body.includes(TOO_MANY_ATTEMPTS))).toHaveLength(AT_ONCE - operatorLimit);
    expect((await adminBrowser(() => instances.app(0), freshIp()).logIn(email, OPERATOR_PASSWORD)).statusCode).toBe(303);
  });
});
