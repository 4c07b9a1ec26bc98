/**
 * The catalog calls' answers (GetDefaultPlans, GetWebOffers, GetMinervaOffers,
 * GetMinervaClassAddOns) kept in memory: every landing page and plan selector asks for the
 * same few lists, which change only when the catalog is imported.
 *
 * - An import through this process (start-up, `npm run catalog:import` through the running
 *   server, the admin endpoint) drops every cached answer at once (`catalogChanged`).
 * - An import this process did not see (another instance, or the CLI writing to PostgreSQL
 *   directly) shows within CATALOG_CACHE_TTL_MS: each answer is read again after that long.
 * - Concurrent requests for an answer not cached share one database read.
 * - Answers are deep-frozen: they are shared by every request (functions.ts serialises and
 *   compresses a frozen answer once, see sharedAnswers.ts).
 * - At most MAX_ENTRIES keys per read (a tag is the caller's choice): the oldest goes first.
 */

/** How long an answer is served from memory at most (a change made elsewhere shows within it). */
export const CATALOG_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 64;

/** Bumped by every catalog import in this process: cached answers of older generations are not served. */
let generation = 0;

/** Call after a catalog change has been committed: every cached catalog answer of this process is read again. */
export function catalogChanged(): void {
  generation++;
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

interface Entry<V> {
  value: Promise<V>;
  loadedAt: number;
  generation: number;
}

/** `load` memoised per key for at most `ttlMs`, dropped by `catalogChanged()`; answers are deep-frozen. */
export function cachedCatalogRead<V>(
  load: (key: string) => Promise<V>,
  o: { ttlMs?: number; now?: () => number } = {},
): (key: string) => Promise<V> {
  const ttlMs = o.ttlMs ?? CATALOG_CACHE_TTL_MS;
  const now = o.now ?? (() => performance.now());
  const entries = new Map<string, Entry<V>>();
  return (key) => {
    const at = now();
    const hit = entries.get(key);
    if (hit && hit.generation === generation && at - hit.loadedAt < ttlMs) return hit.value;
    const entry: Entry<V> = { value: load(key).then(deepFreeze), loadedAt: at, generation };
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    // A failed read is not kept: the next request tries again.
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value;
  };
}
