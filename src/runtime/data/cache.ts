/**
 * The runtime's one cache of backend reads (the browser's, and the server's while it renders a
 * page), keyed by call name and input: readers of the same key share one request while it is on
 * its way, and the answer after it; a failure is not kept. `invalidate` marks a call's answers
 * stale (kept for `peek`, asked again on the next `read`); `clear` forgets everything (another
 * session). A server-rendered page carries the server's `fresh` answers, the browser's cache
 * starts from them (`seed`). Tests: tests/unit/runtime/data-layer.test.ts.
 */
export interface QueryCache {
  read<T>(name: string, input: unknown, load: () => Promise<T>): Promise<T>;
  /** The answer kept for this key (stale or not), without asking. */
  peek(name: string, input: unknown): { value: unknown } | undefined;
  invalidate(names: readonly string[]): void;
  clear(): void;
  /** Called with the name whose answers went stale, or null when everything was cleared. */
  subscribe(listener: (name: string | null) => void): () => void;
  /** The answers kept and not stale, by key: what a server-rendered page writes for the browser's cache. */
  fresh(): Record<string, unknown>;
  /** Waits for the reads on their way; true when there were any. */
  settle(): Promise<boolean>;
}

interface Entry {
  kept?: { value: unknown };
  stale?: boolean;
  pending?: Promise<unknown> | undefined;
}

/** The same key for the same input, whatever the order of its fields. */
export const queryKey = (name: string, input: unknown): string => `${name}:${JSON.stringify(input ?? {}, sortedFields)}`;

const sortedFields = (_: string, v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v;

/** `seed`: answers kept from the start, by key (those a server-rendered page brought), then kept as any other. */
export function createQueryCache(seed: Readonly<Record<string, unknown>> = {}): QueryCache {
  let entries = new Map<string, Entry>(Object.entries(seed).map(([key, value]) => [key, { kept: { value } }]));
  const listeners = new Set<(name: string | null) => void>();
  const tell = (name: string | null) => {
    for (const l of [...listeners]) l(name);
  };
  return {
    read(name, input, load) {
      const key = queryKey(name, input);
      const held = entries;
      const e: Entry = held.get(key) ?? {};
      held.set(key, e);
      if (!e.pending && e.kept && !e.stale) return Promise.resolve(e.kept.value as never);
      if (!e.pending) {
        const pending: Promise<unknown> = load().then(
          (value) => {
            if (e.pending === pending) Object.assign(e, { kept: { value }, stale: false, pending: undefined });
            return value;
          },
          (error: unknown) => {
            if (e.pending === pending) e.pending = undefined;
            throw error;
          },
        );
        e.pending = pending;
      }
      return e.pending as Promise<never>;
    },
    peek: (name, input) => entries.get(queryKey(name, input))?.kept,
    invalidate(names) {
      for (const [key, e] of entries)
        if (names.includes(key.slice(0, key.indexOf(':')))) {
          // A read on its way may have left before the write: its answer is not kept as fresh.
          e.stale = true;
          e.pending = undefined;
        }
      for (const name of names) tell(name);
    },
    clear() {
      entries = new Map();
      tell(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fresh: () => Object.fromEntries([...entries].flatMap(([key, e]) => (e.kept && !e.stale ? [[key, e.kept.value]] : []))),
    async settle() {
      const pending = [...entries.values()].flatMap((e) => (e.pending ? [e.pending] : []));
      await Promise.allSettled(pending);
      return pending.length > 0;
    },
  };
}
