/**
 * The embedded database's lock file, `$DATA_DIR/pglite.lock` ({pid, role, port}): who holds the
 * database (./database.ts takes it when it opens PGlite). Kept apart from PGlite so that a CLI
 * that only looks for the running server's port (src/server/admin/client.ts) loads neither PGlite nor pg.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  constructor(
    readonly lock: LockInfo,
    dataDir: string,
  ) {
    const who =
      lock.role === 'server'
        ? `the server${lock.port ? ` on port ${lock.port}` : ''}`
        : `\`npm run ${lock.role === 'cli' ? 'codes' : lock.role}\``;
    super(
      `The embedded database in ${dataDir} is in use by ${who} (process ${lock.pid}). ` +
        'PGlite admits one process: stop it first, or use DATA_DIR for another folder. ' +
        `(If no such process runs, delete ${lockPath(dataDir)}.)`,
    );
  }
}

export type LockRole = 'server' | 'cli' | 'catalog:import';

export interface LockInfo {
  pid: number;
  role: LockRole;
  /** The port of the server holding it, once it listens. */
  port?: number;
  startedAt: string;
}

export const lockPath = (dataDir: string) => path.join(dataDir, 'pglite.lock');

/** The lock of the embedded database in `dataDir`, when a living process holds it. */
export function readLiveLock(dataDir: string): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  if (typeof info.pid !== 'number' || !processExists(info.pid)) return null;
  // Our own pid on a lock older than this process: a previous life of a container whose
  // server is always pid 1, say. Not a holder.
  if (info.pid === process.pid && Date.parse(info.startedAt) < PROCESS_STARTED - 1000) return null;
  return info;
}

const PROCESS_STARTED = Date.now() - process.uptime() * 1000;

export function acquireLock(dataDir: string, role: LockRole) {
  const file = lockPath(dataDir);
  let info: LockInfo = { pid: process.pid, role, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = readLiveLock(dataDir);
      if (holder) throw new DatabaseBusyError(holder, dataDir);
      rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  let held = true;
  return {
    update(fields: Partial<LockInfo>) {
      if (!held) return;
      info = { ...info, ...fields };
      writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
    },
    release() {
      if (!held) return;
      held = false;
      const holder = readLiveLock(dataDir);
      if (holder?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
