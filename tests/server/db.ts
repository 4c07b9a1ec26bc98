/**
 * A fresh, migrated database per test file, on PGlite or PostgreSQL chosen by the environment,
 * so the same tests run on both:
 *
 * - `TEST_DATABASE_URL` (else `DATABASE_URL`) set: PostgreSQL. Each file gets its own schema
 *   (`test_…`, migrated, dropped afterwards); `url` reaches that schema (search_path in the
 *   URL), so a second pool or a child process can share it.
 * - Otherwise PGlite: the `server` project's global setup migrates one template and dumps it;
 *   each file loads that dump into its own in-memory PGlite (≈0.4 s, against ≈3 s for a fresh
 *   cluster and its migrations). Outside that project the template is made in the worker.
 *
 * Usage:
 *   const t = useTestDatabase();              // registers beforeAll / afterAll
 *   test('...', async () => { await t.db.selectFrom('codes')... });
 * or `const database = await createTestDatabase()` … `await database.close()`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type DatabaseHandle, databaseOnPGlite, openPostgres } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import type { Database } from '../../src/server/db/types.ts';
import { makePGliteTemplate, testDatabaseUrl } from './dbTemplate.ts';

export { testDatabaseUrl };

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (tests/server/global-setup.ts). */
    pgliteTemplate: string;
  }
}

export interface TestDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: a URL of this test's schema; null on PGlite. */
  url: string | null;
  /**
   * Another connection pool on the same database, like a second server instance (PostgreSQL).
   * PGlite admits one connection: there it is the same database, and closing it does nothing.
   */
  openAnother(): Promise<DatabaseHandle>;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  return url ? createPostgresSchema(url) : createPGlite();
}

/** A test database for the current file: created before its tests, dropped after them. */
export function useTestDatabase(): TestDatabase {
  let database: TestDatabase | undefined;
  const current = () => {
    if (!database) throw new Error('The test database is not ready: use it inside tests or hooks, not at import time.');
    return database;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      return current().db;
    },
    get kind() {
      return current().kind;
    },
    get url() {
      return current().url;
    },
    openAnother: () => current().openAnother(),
    close: () => current().close(),
  };
}

// ---------------------------------------------------------------------------------------

async function createPostgresSchema(baseUrl: string): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const url = withSearchPath(baseUrl, schema);
  const handle = openPostgres(url, { poolSize: 5 });
  const others: DatabaseHandle[] = [];
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await dropSchema(baseUrl, schema);
    throw error;
  }
  return {
    db: handle.db,
    kind: 'postgres',
    url,
    openAnother: async () => {
      const other = openPostgres(url, { poolSize: 5 });
      others.push(other);
      return other;
    },
    close: async () => {
      await Promise.all([handle, ...others].map((h) => h.close().catch(() => {})));
      await dropSchema(baseUrl, schema);
    },
  };
}

/** The URL with `options=-c search_path=<schema>`, understood by pg (and libpq). */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function dropSchema(baseUrl: string, schema: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
}

let workerTemplate: Promise<Blob> | undefined;

async function templateBlob(): Promise<Blob> {
  let provided: string | undefined;
  try {
    provided = inject('pgliteTemplate');
  } catch {
    provided = undefined;
  }
  if (provided) return new Blob([readFileSync(provided)]);
  workerTemplate ??= makePGliteTemplate();
  return workerTemplate;
}

async function createPGlite(): Promise<TestDatabase> {
  const pglite = await PGlite.create({ loadDataDir: await templateBlob() });
  const handle = databaseOnPGlite(pglite);
  return {
    db: handle.db,
    kind: 'pglite',
    url: null,
    openAnother: async () => ({ ...handle, close: async () => {} }),
    close: async () => {
      await handle.close();
      await pglite.close();
    },
  };
}
