/**
 * Opens the database: PGlite (embedded PostgreSQL) under `$DATA_DIR/pglite` by default, or
 * PostgreSQL when `DATABASE_URL` is set. Both go through Kysely's PostgresDialect and the same
 * `pg` driver (PGlite through its node-postgres adapter and a one-connection pool, which
 * queues queries and holds the connection for a whole transaction), so rows come back with
 * the same JavaScript types on both. Queries go as named prepared statements
 * (preparedStatements.ts): planned once per connection.
 *
 * PGlite admits one process. Whoever opens it writes `$DATA_DIR/pglite.lock` ({pid, role,
 * port}; ./lockFile.ts) atomically; a second process finds the lock and is told who holds it (`npm run codes`
 * uses the lock's port to go through the running server instead). A lock left by a process
 * that no longer exists is taken over.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireLock, type LockRole } from './lockFile.ts';
import { withPreparedStatements } from './preparedStatements.ts';
import type { Database } from './types.ts';

export interface OpenDatabaseOptions {
  /** Where the embedded database lives (`$DATA_DIR`); unused with `databaseUrl`. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string | null;
  /** Who holds the embedded database, written in its lock file (default 'server'). */
  role?: LockRole;
  /** Connections of the PostgreSQL pool (default: env DATABASE_POOL_SIZE, else 10). */
  poolSize?: number;
  log?: (message: string) => void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Records the port the server listens on in the lock file (embedded database only). */
  setServerPort(port: number): void;
  /** Closes the pool and, for PGlite, the database (flushing it to disk) and removes the lock. */
  close(): Promise<void>;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { poolSize: options.poolSize, log: options.log });

  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireLock(dataDir, options.role ?? 'server');
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  } catch (error) {
    lock.release();
    throw error;
  }
  const handle = databaseOnPGlite(pglite);
  return {
    ...handle,
    setServerPort: (port) => lock.update({ port }),
    close: async () => {
      try {
        await handle.close();
        await pglite.close();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * A Kysely over an open PGlite instance (the tests' clones use this). `close()` ends the pool
 * only: the PGlite instance belongs to the caller.
 */
export function databaseOnPGlite(pglite: PGlite): DatabaseHandle {
  // The adapter's config carries a `connection` that talks to PGlite in-process; one
  // connection, so the pool queues every query and transaction behind the current one.
  const pool = withPreparedStatements(
    new pg.Pool({ ...(createPgConfig(pglite) as unknown as pg.PoolConfig), max: 1, idleTimeoutMillis: 0 }),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'pglite', setServerPort: () => {}, close: () => db.destroy() };
}

/** A Kysely over PostgreSQL: a pool of `poolSize` connections, time zone UTC. */
export function openPostgres(
  databaseUrl: string,
  options: { poolSize?: number | undefined; log?: ((message: string) => void) | undefined } = {},
): DatabaseHandle {
  const poolSize = options.poolSize ?? (Number(process.env.DATABASE_POOL_SIZE) || 10);
  const pool = withPreparedStatements(new pg.Pool({ connectionString: databaseUrl, max: poolSize }));
  // Every connection works in UTC (date arithmetic and casts to text); queued before any query.
  pool.on('connect', (client) => {
    client.query("set time zone 'UTC'").catch(() => {});
  });
  // An idle connection dropped by the server (a restart, a failover) must not crash the process.
  pool.on('error', (error) => (options.log ?? console.error)(`PostgreSQL connection error: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', setServerPort: () => {}, close: () => db.destroy() };
}
