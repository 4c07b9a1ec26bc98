/** A tiny observable value for useSyncExternalStore. */
export interface Observable<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

export interface Store<T> extends Observable<T> {
  set(next: T): void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
