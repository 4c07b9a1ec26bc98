/**
 * The operators' tools: the admin endpoints (loopback + token) and `npm run codes` /
 * `npm run catalog:import` against a running server on the embedded database, then without it.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { canonicalCode } from '../../src/domain/codes.ts';
import { ADMIN_PREFIX } from '../../src/server/admin/prefix.ts';
import { adminRoutes } from '../../src/server/admin/routes.ts';
import { DEMO_BATCHES } from '../../src/server/catalog/demo.ts';
import { importCatalog } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { findCode } from '../../src/server/codes/repository.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { readLiveLock } from '../../src/server/db/lockFile.ts';
import { cliEnv, root, runScript, startQuietServer, useCliFolder } from './cliHarness.ts';
import { useTestDatabase } from './db.ts';

const TOKEN = 'test-admin-token';

describe('admin endpoints', () => {
  const t = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    await importCatalog(t.db, readCatalog('funnels'));
    app = Fastify();
    await app.register(adminRoutes, { prefix: ADMIN_PREFIX, db: t.db, token: TOKEN });
  });
  afterAll(() => app?.close());

  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
    remoteAddress = '127.0.0.1',
  ) => app.inject({ method: 'POST', url: `${ADMIN_PREFIX}${url}`, payload: payload as object, headers, remoteAddress });

  test('POST /api/admin/codes with the token creates codes and answers them as parents type them', async () => {
    const response = await post('/codes', { kind: 'coupon', offer: 'coupon_annual', count: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ kind: 'coupon', offer: 'coupon_annual', months: null, expiresAt: null });
    expect(body.codes).toHaveLength(3);
    for (const code of body.codes)
      expect(await findCode(t.db, code)).toMatchObject({ kind: 'coupon', web_offer_id: 'coupon_annual', redeemed_at: null });
  });

  test('without the right token: 401; from another address: 404, even with the token', async () => {
    expect((await post('/codes', { kind: 'comp', months: 1 }, {})).statusCode).toBe(401);
    expect((await post('/codes', { kind: 'comp', months: 1 }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await post('/codes', { kind: 'comp', months: 1 }, { authorization: `Bearer ${TOKEN}` }, '10.1.2.3')).statusCode).toBe(404);
    expect((await post('/catalog', { catalog: {} }, { authorization: `Bearer ${TOKEN}` }, '203.0.113.9')).statusCode).toBe(404);
  });

  test(
    'relayed by a proxy (any forwarding header), even from loopback with the token: ' +
      'the same 404 as from another address, nothing created',
    async () => {
      const codesBefore = (await t.db.selectFrom('codes').select('code').execute()).length;
      const elsewhere = await post('/codes', { kind: 'comp', months: 1 }, { authorization: `Bearer ${TOKEN}` }, '10.1.2.3');
      const forwarding = {
        forwarded: 'for=203.0.113.9',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'admin.example.com',
        'x-forwarded-proto': 'https',
        'x-real-ip': '203.0.113.9',
      };
      for (const [name, value] of Object.entries(forwarding)) {
        const relayed = await post('/codes', { kind: 'comp', months: 1 }, { authorization: `Bearer ${TOKEN}`, [name]: value });
        expect(relayed.statusCode, name).toBe(404);
        expect(relayed.json(), name).toEqual(elsewhere.json());
      }
      expect((await t.db.selectFrom('codes').select('code').execute()).length).toBe(codesBefore);
    },
  );

  test('a request that cannot be honoured answers 400 with the sentence', async () => {
    const response = await post('/codes', { kind: 'comp' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/needs its length: --months N or --lifetime/);
    expect((await post('/codes', { kind: 'voucher' })).statusCode).toBe(400);
  });

  test('npm run codes on the database of this run: PostgreSQL directly (DATABASE_URL), PGlite through its server', async () => {
    // On PostgreSQL the CLI connects itself, whatever else is connected; the PGlite case (a
    // server holding the database) is the next describe block.
    if (t.kind !== 'postgres') return expect(t.url).toBeNull();
    const env = {
      ...process.env,
      DATABASE_URL: t.url!,
      TEST_DATABASE_URL: undefined,
      FUNNELS_DIR: path.join(root, 'funnels'),
    } as NodeJS.ProcessEnv;
    const { stdout, stderr } = await runScript(
      'codes.ts',
      ['create', '--kind', 'bulk', '--campaign', 'girl-scouts', '--offer', 'edu_12_months', '--count', '3'],
      env,
    );
    const codes = stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    expect(stderr).toMatch(/Created 3 bulk codes, 12 months, offer edu_12_months .* in PostgreSQL\./);
    for (const code of codes)
      expect(await findCode(t.db, code)).toMatchObject({ kind: 'bulk', comp_months: 12, web_offer_id: 'edu_12_months' });
  });

  test('POST /api/admin/catalog imports a catalog; the same one again changes nothing', async () => {
    const catalog = readCatalog('funnels');
    const response = await post('/catalog', { catalog });
    expect(response.statusCode).toBe(200);
    expect(response.json().summary.web_offers).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
    expect((await post('/catalog', { catalog: { offers: [{ id: 'broken' }] } })).statusCode).toBe(400);
  });
});

describe('npm run codes and npm run catalog:import on the embedded database', () => {
  const folder = useCliFolder('codes-cli-');
  const dataDir = folder.dataDir;
  const cli = (script: string, args: string[]) => runScript(script, args, cliEnv(dataDir()));

  test('while the server runs, the CLIs go through it; once it stops, they open the database themselves', async () => {
    const app = await startQuietServer(folder);
    let viaServer: string[];
    try {
      const lock = readLiveLock(dataDir());
      expect(lock).toMatchObject({ pid: process.pid, role: 'server' });
      expect(lock?.port).toBeGreaterThan(0);
      expect(statSync(path.join(dataDir(), 'admin-token')).mode & 0o077).toBe(0);

      const created = await cli('codes.ts', ['create', '--kind', 'comp', '--months', '3', '--count', '2']);
      viaServer = created.stdout.trim().split('\n');
      expect(viaServer).toHaveLength(2);
      for (const code of viaServer) expect(code).toMatch(/^CSCP(-[A-Z0-9]{4}){3}$/);
      expect(created.stderr).toMatch(new RegExp(`Created 2 comp codes, 3 months \\(batch .*\\) in the server on port ${lock!.port}\\.`));

      const imported = await cli('catalog-import.ts', []);
      expect(imported.stdout).toMatch(
        /into the server on port \d+: partners: 0 created, 0 updated, 4 unchanged; offers: 0 created, 0 updated, \d+ unchanged/,
      );

      const refused = await cli('codes.ts', ['create', '--kind', 'coupon']).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('A coupon needs the offer it gives (--offer ID)') });
    } finally {
      await app.close();
    }
    expect(readLiveLock(dataDir())).toBeNull();

    const direct = await cli('codes.ts', ['create', '--kind', 'gift', '--lifetime', '--expires', '2099-12-31']);
    const gift = direct.stdout.trim();
    expect(gift).toMatch(/^GIFT[A-Z0-9]{12}$/);
    expect(direct.stderr).toContain(`in the embedded database in ${dataDir()}`);

    const handle = await openDatabase({ dataDir: dataDir(), role: 'cli' });
    try {
      for (const code of viaServer)
        expect(await findCode(handle.db, code)).toMatchObject({ kind: 'comp', comp_months: 3, redeemed_at: null });
      expect(await findCode(handle.db, gift)).toMatchObject({
        kind: 'gift',
        comp_months: -1,
        expires_at: new Date('2100-01-01T00:00:00Z'),
      });
      // A new embedded database got the demo codes the README lists.
      for (const batch of DEMO_BATCHES)
        for (const code of batch.codes)
          expect(await findCode(handle.db, code), code).toMatchObject({ kind: batch.kind, batch_id: batch.id });
    } finally {
      await handle.close();
    }
  }, 120_000); // it starts four CLI processes and a server, each a cold tsx start: slow on a busy machine

  test('the README lists every demo code', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const batch of DEMO_BATCHES)
      for (const code of batch.codes) expect(readme.includes(code) || readme.includes(canonicalCode(code)), code).toBe(true);
  });

  test('a wrong command line exits 2 with the usage', async () => {
    const error = await cli('codes.ts', ['create', '--kind', 'voucher']).catch((e: { code: number; stderr: string }) => e);
    expect(error).toMatchObject({ code: 2 });
    expect((error as { stderr: string }).stderr).toContain("--kind must be one of coupon, comp, gift, volume, bulk; it is 'voucher'.");
  });
});
