import { useEffect, useState } from 'react';
import type { CallInput, CallOutput } from '../../contract/index.ts';
import type { ReadName } from './backendData.ts';
import { queryKey } from './cache.ts';
import { useBackendData } from './useBackendData.ts';

export type Query<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

/**
 * A backend read for a block, from the runtime's cache (./backendData.ts): what is kept shows at
 * once; a read made stale by a write is asked again, its old answer shown meanwhile. `input` null:
 * nothing to ask yet (no session, a value still missing).
 */
export function useBackendQuery<N extends ReadName>(name: N, input: CallInput<N> | null): Query<CallOutput<N>> {
  const data = useBackendData();
  const key = input === null ? null : queryKey(name, input);
  const kept = (): Query<CallOutput<N>> => {
    const peeked = input === null ? undefined : data.peek(name, input);
    return peeked ? { status: 'ready', data: peeked.value as CallOutput<N> } : { status: 'loading' };
  };
  const [shown, setShown] = useState<{ key: string | null; query: Query<CallOutput<N>> }>(() => ({ key, query: kept() }));
  const [asked, setAsked] = useState(0);
  useEffect(() => data.subscribe((stale) => (stale === null || stale === name) && setAsked((n) => n + 1)), [data, name]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the input is asked by its key (a new object of it is the same read)
  useEffect(() => {
    if (input === null) return;
    let live = true;
    data.read(name, input).then(
      (answer) =>
        live &&
        setShown((s) =>
          s.key === key && s.query.status === 'ready' && s.query.data === answer ? s : { key, query: { status: 'ready', data: answer } },
        ),
      (error: unknown) => {
        console.error(`[data] ${name} failed`, error);
        if (live) setShown((s) => (s.key === key && s.query.status === 'ready' ? s : { key, query: { status: 'failed', error } }));
      },
    );
    return () => {
      live = false;
    };
  }, [data, key, asked]);
  return shown.key === key ? shown.query : kept();
}
