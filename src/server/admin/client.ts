/**
 * How the operators' CLIs reach the database:
 *
 * - PostgreSQL (`DATABASE_URL`): directly; any number of processes may connect.
 * - Embedded database, server running (a live process holds `$DATA_DIR/pglite.lock` with its
 *   port): through the server's admin endpoints on 127.0.0.1, with the token of
 *   `$DATA_DIR/admin-token`.
 * - Embedded database, no server: the CLI opens it itself (taking the lock, so a server started
 *   meanwhile says so instead of corrupting it), migrates it and imports the catalog when new.
 *
 * Through the server, nothing of the database (PGlite, pg, the migrations) is loaded: they are
 * imported when the CLI opens the database itself (`npm run release` starts in well under a second).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { DatabaseBusyError, type LockRole, readLiveLock } from '../db/lockFile.ts';
import type { Database } from '../db/types.ts';
import { ADMIN_PREFIX } from './prefix.ts';
import { readAdminToken } from './token.ts';

export interface AdminTarget {
  dataDir: string;
  databaseUrl: string | null;
  funnelsDir: string;
  demoCodes: boolean;
}

export class AdminError extends Error {
  override name = 'AdminError';
  constructor(
    message: string,
    /** Why the endpoint refused, when it says (a release refused by the check: `check`). */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export interface AdminOperation<T> {
  /** Through the running server: `post(path, body)` and `get(path)` answer the endpoint's JSON. */
  viaServer(post: (path: string, body: unknown) => Promise<unknown>, get: (path: string) => Promise<unknown>): Promise<T>;
  /** On the database itself. */
  onDatabase(db: Kysely<Database>): Promise<T>;
}

export interface AdminOutcome<T> {
  result: T;
  /** 'server on port N', 'PostgreSQL' or 'the embedded database' (for the CLI's summary line). */
  via: string;
}

/** How long to wait for a server that holds the database but does not listen yet (starting). */
const STARTING_WAIT_MS = 20_000;

export async function runAdmin<T>(
  target: AdminTarget,
  role: LockRole,
  operation: AdminOperation<T>,
  log?: (message: string) => void,
): Promise<AdminOutcome<T>> {
  if (!target.databaseUrl) {
    const port = await serverPort(target.dataDir);
    if (port !== null) {
      const token = readAdminToken(target.dataDir);
      if (!token)
        throw new AdminError(
          `The server on port ${port} holds the database in ${target.dataDir}, but ${target.dataDir}/admin-token is missing or unreadable.`,
        );
      return {
        result: await operation.viaServer(
          (path, body) => post(port, token, path, body),
          (path) => get(port, token, path),
        ),
        via: `the server on port ${port}`,
      };
    }
  }
  const [{ openDatabase }, { prepareDatabase }] = await Promise.all([import('../db/database.ts'), import('../db/prepare.ts')]);
  const handle = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, role });
  try {
    await prepareDatabase(handle.db, { funnelsDir: target.funnelsDir, demoCodes: target.demoCodes, log });
    return {
      result: await operation.onDatabase(handle.db),
      via: target.databaseUrl ? 'PostgreSQL' : `the embedded database in ${target.dataDir}`,
    };
  } finally {
    await handle.close();
  }
}

/** The port of the server holding the embedded database, null when no live process holds it. */
async function serverPort(dataDir: string): Promise<number | null> {
  const deadline = Date.now() + STARTING_WAIT_MS;
  for (;;) {
    const lock = readLiveLock(dataDir);
    if (!lock) return null;
    if (lock.role === 'server' && lock.port) return lock.port;
    if (lock.role !== 'server' || Date.now() > deadline) throw new DatabaseBusyError(lock, dataDir);
    await sleep(200); // the server is starting: it records its port once it listens
  }
}

const post = (port: number, token: string, path: string, body: unknown) =>
  request(port, path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const get = (port: number, token: string, path: string) => request(port, path, { headers: { authorization: `Bearer ${token}` } });

async function request(port: number, path: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}${ADMIN_PREFIX}${path}`, init);
  } catch (error) {
    throw new AdminError(
      `The server holding the database should answer on 127.0.0.1:${port}, ` +
        `but does not (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}).`,
    );
  }
  return answerOf(response);
}

/** The JSON of an answer; an AdminError with the endpoint's `error` sentence when it refused. */
export async function answerOf(response: Response): Promise<unknown> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const answer = json && typeof json === 'object' ? (json as { error?: unknown; reason?: unknown }) : {};
    const message = answer.error !== undefined ? String(answer.error) : text || response.statusText;
    throw new AdminError(message, typeof answer.reason === 'string' ? answer.reason : undefined);
  }
  return json;
}
