import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { DatabaseBusyError, lockPath, readLiveLock } from '../../src/server/db/lockFile.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { useTestDatabase } from './db.ts';

const t = useTestDatabase();

describe('migrations', () => {
  test('the test database is at the latest migration; migrating again applies nothing', async () => {
    expect(await migrateToLatest(t.db)).toEqual({ applied: [] });
    const tables = (await t.db.introspection.getTables()).map((table) => table.name);
    for (const name of [
      'users',
      'sessions',
      'customers',
      'web_offers',
      'class_add_ons',
      'codes',
      'code_batches',
      'bulk_campaigns',
      'subscriptions',
      'payment_methods',
      'payments',
      'email_preferences',
      'outbox',
      'idempotency_keys',
      'password_reset_tokens',
      'rate_limits',
    ])
      expect(tables, name).toContain(name);
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  test('times are UTC timestamptz read back as Date; money is integer cents', async () => {
    const zone = await sql<{ TimeZone: string }>`show time zone`.execute(t.db);
    expect(zone.rows[0]?.TimeZone).toBe('UTC');
    await t.db
      .insertInto('payments')
      .values({ id: 'p1', amount_cents: 1999, status: 'settled', description: 'Monthly', created_at: '2026-03-01T12:00:00+02:00' } as never)
      .execute();
    const row = await t.db.selectFrom('payments').select(['amount_cents', 'created_at']).where('id', '=', 'p1').executeTakeFirstOrThrow();
    expect(row.amount_cents).toBe(1999);
    expect(row.created_at).toEqual(new Date('2026-03-01T10:00:00Z'));
    await expect(
      t.db
        .insertInto('payments')
        .values({ id: 'p2', amount_cents: 19.99, status: 'settled', description: 'x' } as never)
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('payments')
        .values({ id: 'p3', amount_cents: -1, status: 'settled', description: 'x' } as never)
        .execute(),
    ).rejects.toThrow();
  });
});

describe('the embedded database admits one process', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a second opener is refused with the holder named; after close it opens; a dead holder’s lock is taken over', async () => {
    const first = await openDatabase({ dataDir: dir, role: 'server' });
    first.setServerPort(4321);
    try {
      await expect(openDatabase({ dataDir: dir, role: 'cli' })).rejects.toThrow(DatabaseBusyError);
      await expect(openDatabase({ dataDir: dir, role: 'cli' })).rejects.toThrow(
        `is in use by the server on port 4321 (process ${process.pid})`,
      );
      expect(readLiveLock(dir)).toMatchObject({ pid: process.pid, role: 'server', port: 4321 });
      await migrateToLatest(first.db);
    } finally {
      await first.close();
    }
    expect(readLiveLock(dir)).toBeNull();

    writeFileSync(lockPath(dir), JSON.stringify({ pid: 2 ** 22 + 12345, role: 'server', port: 1, startedAt: '2020-01-01T00:00:00Z' }));
    const again = await openDatabase({ dataDir: dir, role: 'cli' });
    try {
      expect(readLiveLock(dir)).toMatchObject({ pid: process.pid, role: 'cli' });
      expect(await migrateToLatest(again.db)).toEqual({ applied: [] }); // the data survived the reopen
    } finally {
      await again.close();
    }
  });
});
