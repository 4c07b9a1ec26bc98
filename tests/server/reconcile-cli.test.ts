/**
 * `npm run reconcile`: a purchase a crash left open is completed, through the running server on
 * the embedded database, on the embedded database itself, and on PostgreSQL directly when that
 * is the database of this run; the command prints each intent it settled and a summary.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalogFile } from '../../src/server/catalog/read.ts';
import { readServerEnv } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { prepareDatabase } from '../../src/server/db/prepare.ts';
import type { Database } from '../../src/server/db/types.ts';
import { startServer } from '../../src/server/main.ts';
import { useTestDatabase } from './db.ts';
import { leaveOpenPurchase } from './openIntent.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('npm run reconcile', () => {
  const t = useTestDatabase();
  let dir: string;
  const dataDir = () => path.join(dir, 'data');
  const cliEnv = (extra: Record<string, string> = {}) => {
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir(), FUNNELS_DIR: path.join(root, 'funnels'), NO_COLOR: '1' };
    for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'PAYMENT_GATEWAY', 'PAYMENT_ADAPTER', 'LOG_LEVEL']) delete env[name];
    return { ...env, ...extra } as NodeJS.ProcessEnv;
  };
  const cli = (env = cliEnv()) => run(tsx, [path.join(root, 'scripts/reconcile.ts')], { cwd: root, env, timeout: 90_000 });
  const purchaseOf = (db: Kysely<Database>, userId: string) => db.selectFrom('subscriptions').select(['is_lifetime', 'status']).where('user_id', '=', userId).execute();

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'reconcile-cli-'));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('against a running server on the embedded database it settles through the server and prints what it did', async () => {
    const env = readServerEnv({ DATA_DIR: dataDir(), DIST_DIR: path.join(dir, 'dist'), PORT: '0', HOST: '127.0.0.1', FUNNELS_DIR: path.join(root, 'funnels'), LOG_LEVEL: 'silent' }, root);
    const logLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'silent';
    const { app } = await startServer(env).finally(() => {
      if (logLevel === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = logLevel;
    });
    try {
      const db = app.backend.accounts.db as Kysely<Database>;
      const crashed = await leaveOpenPurchase(db, { webOfferId: 'lifetime', charge: 'sale' });
      const { stdout } = await cli();
      const port = (app.server.address() as { port: number }).port;
      expect(stdout).toContain(`${crashed.intentId}\tcompleted\tPurchaseSubscription\t149.99\t${crashed.userId}\n`);
      expect(stdout).toContain(`Reconciled 1 payment intent: 1 completed, 0 failed, 0 reversed, 0 still open. (in the server on port ${port})`);
      expect(await purchaseOf(db, crashed.userId)).toEqual([{ is_lifetime: true, status: 'Active' }]);
      expect((await cli()).stdout).toMatch(/No open payment intents due at .*: nothing to reconcile\./);
    } finally {
      await app.close();
    }
  }, 120_000);

  test('without a server it opens the embedded database itself', async () => {
    const handle = await openDatabase({ dataDir: dataDir() });
    let crashed;
    try {
      await prepareDatabase(handle.db, { funnelsDir: path.join(root, 'funnels'), demoCodes: false });
      crashed = await leaveOpenPurchase(handle.db, { webOfferId: 'annual', charge: 'createSubscription' });
    } finally {
      await handle.close();
    }
    const { stdout } = await cli();
    expect(stdout).toContain(`${crashed.intentId}\tcompleted\tPurchaseSubscription\t0.00\t${crashed.userId}\n`);
    expect(stdout).toContain(`Reconciled 1 payment intent: 1 completed, 0 failed, 0 reversed, 0 still open. (in the embedded database in ${dataDir()})`);
  }, 120_000);

  test('on PostgreSQL (DATABASE_URL) it connects directly', async () => {
    if (t.kind !== 'postgres') return expect(t.url).toBeNull();
    await importCatalogIfEmpty(t.db, () => readCatalogFile(path.join(root, 'funnels/catalog.yaml')));
    const crashed = await leaveOpenPurchase(t.db, { webOfferId: 'lifetime', charge: 'sale' });
    const { stdout } = await cli(cliEnv({ DATABASE_URL: t.url! }));
    expect(stdout).toContain(`${crashed.intentId}\tcompleted\tPurchaseSubscription\t149.99\t${crashed.userId}\n`);
    expect(stdout).toContain('(in PostgreSQL)');
    expect(await purchaseOf(t.db, crashed.userId)).toEqual([{ is_lifetime: true, status: 'Active' }]);
  }, 120_000);
});
