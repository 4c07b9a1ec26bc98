/**
 * `npm run reconcile`: a purchase a crash left open is completed, through the running server on
 * the embedded database, on the embedded database itself, and on PostgreSQL directly when that
 * is the database of this run; the command prints each intent it settled and a summary.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, test } from 'vitest';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { prepareDatabase } from '../../src/server/db/prepare.ts';
import type { Database } from '../../src/server/db/types.ts';
import { cliEnv, root, runScript, startQuietServer, useCliFolder } from './cliHarness.ts';
import { useTestDatabase } from './db.ts';
import { leaveOpenPurchase } from './openIntent.ts';

describe('npm run reconcile', () => {
  const t = useTestDatabase();
  const folder = useCliFolder('reconcile-cli-');
  const dataDir = folder.dataDir;
  const cli = (env = cliEnv(dataDir())) => runScript('reconcile.ts', [], env);
  const purchaseOf = (db: Kysely<Database>, userId: string) =>
    db.selectFrom('subscriptions').select(['is_lifetime', 'status']).where('user_id', '=', userId).execute();

  test('against a running server on the embedded database it settles through the server and prints what it did', async () => {
    const app = await startQuietServer(folder);
    try {
      const db = app.backend.accounts.db as Kysely<Database>;
      const crashed = await leaveOpenPurchase(db, { webOfferId: 'lifetime', charge: 'sale' });
      const { stdout } = await cli();
      const port = (app.server.address() as { port: number }).port;
      expect(stdout).toContain(`${crashed.intentId}\tcompleted\tPurchaseSubscription\t149.99\t${crashed.userId}\n`);
      expect(stdout).toContain(
        `Reconciled 1 payment intent: 1 completed, 0 failed, 0 reversed, 0 still open. (in the server on port ${port})`,
      );
      expect(await purchaseOf(db, crashed.userId)).toEqual([{ is_lifetime: true, status: 'Active' }]);
      expect((await cli()).stdout).toMatch(/No open payment intents due at .*: nothing to reconcile\./);
    } finally {
      await app.close();
    }
  }, 120_000);

  test('without a server it opens the embedded database itself', async () => {
    const handle = await openDatabase({ dataDir: dataDir() });
    let crashed: Awaited<ReturnType<typeof leaveOpenPurchase>>;
    try {
      await prepareDatabase(handle.db, { funnelsDir: path.join(root, 'funnels'), demoCodes: false });
      crashed = await leaveOpenPurchase(handle.db, { webOfferId: 'annual', charge: 'createSubscription' });
    } finally {
      await handle.close();
    }
    const { stdout } = await cli();
    expect(stdout).toContain(`${crashed.intentId}\tcompleted\tPurchaseSubscription\t0.00\t${crashed.userId}\n`);
    expect(stdout).toContain(
      `Reconciled 1 payment intent: 1 completed, 0 failed, 0 reversed, 0 still open. (in the embedded database in ${dataDir()})`,
    );
  }, 120_000);

  test('on PostgreSQL (DATABASE_URL) it connects directly', async () => {
    if (t.kind !== 'postgres') return expect(t.url).toBeNull();
    await importCatalogIfEmpty(t.db, () => readCatalog(path.join(root, 'funnels')));
    const crashed = await leaveOpenPurchase(t.db, { webOfferId: 'lifetime', charge: 'sale' });
    const { stdout } = await cli(cliEnv(dataDir(), { DATABASE_URL: t.url! }));
    expect(stdout).toContain(`${crashed.intentId}\tcompleted\tPurchaseSubscription\t149.99\t${crashed.userId}\n`);
    expect(stdout).toContain('(in PostgreSQL)');
    expect(await purchaseOf(t.db, crashed.userId)).toEqual([{ is_lifetime: true, status: 'Active' }]);
  }, 120_000);
});
