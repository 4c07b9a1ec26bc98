/**
 * What a server read of a parent's account, kept with the account's version (migration 011:
 * the database raises it with every change My Account shows). The session check reads the
 * version with the session, so a read that finds its version unchanged costs no query; one that
 * finds it moved reads again. Every instance keeps its own, and none is ever stale: the version
 * is the database's.
 *
 * At most `maxAccounts` parents, the least recently used going first.
 */
export interface AccountCache {
  /** `load()`'s answer for `kind` of the parent's account at `version`, from memory when it was read at that version. */
  read<T>(userId: string, version: string, kind: string, load: () => Promise<T>): Promise<T>;
  /** As `read`, but a kept answer that no longer `holds` (it depends on the time, or on the catalog) is loaded again. */
  readWhile<T>(userId: string, version: string, kind: string, load: () => Promise<T>, holds: (kept: T) => boolean): Promise<T>;
}

export const DEFAULT_MAX_ACCOUNTS = 10_000;

interface Entry {
  version: string;
  reads: Map<string, Promise<unknown>>;
}

export function createAccountCache(o: { maxAccounts?: number } = {}): AccountCache {
  const maxAccounts = o.maxAccounts ?? DEFAULT_MAX_ACCOUNTS;
  const accounts = new Map<string, Entry>();
  const cache: AccountCache = {
    read<T>(userId: string, version: string, kind: string, load: () => Promise<T>): Promise<T> {
      let entry = accounts.get(userId);
      if (entry && entry.version !== version) entry = undefined;
      accounts.delete(userId);
      if (!entry) entry = { version, reads: new Map() };
      accounts.set(userId, entry);
      if (accounts.size > maxAccounts) accounts.delete(accounts.keys().next().value!);

      const kept = entry.reads.get(kind);
      if (kept) return kept as Promise<T>;
      const reading = load();
      entry.reads.set(kind, reading);
      // A failed read is not kept: the next request reads again.
      const reads = entry.reads;
      reading.catch(() => {
        if (reads.get(kind) === reading) reads.delete(kind);
      });
      return reading;
    },

    async readWhile<T>(userId: string, version: string, kind: string, load: () => Promise<T>, holds: (kept: T) => boolean): Promise<T> {
      const kept = await cache.read(userId, version, kind, load);
      if (holds(kept)) return kept;
      const entry = accounts.get(userId);
      if (entry?.version === version) entry.reads.delete(kind);
      return cache.read(userId, version, kind, load);
    },
  };
  return cache;
}
