/**
 * Sends the experiments report's events (src/contract/events.ts) to the backend: the events of
 * one task are batched into one request, sent with `keepalive` so that one made as the parent
 * leaves the page still arrives. Losing one is acceptable (the report counts visitors, not
 * clicks); failing a parent's page over one is not, so errors are swallowed.
 */
import type { ExperimentEvent } from '../../contract/events.ts';

export interface EventSink {
  send(event: ExperimentEvent): void;
}

/** `headers`: sent with each request (the page's release: src/contract/releases.ts). */
export function createEventSink(
  url: string,
  fetchFn: typeof fetch = (...args) => fetch(...args),
  headers: Record<string, string> = {},
): EventSink {
  let queue: ExperimentEvent[] = [];
  const flush = () => {
    const events = queue;
    queue = [];
    if (events.length === 0) return;
    fetchFn(url, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ events }),
    }).catch(() => undefined);
  };
  return {
    send(event) {
      if (queue.length === 0) setTimeout(flush, 0);
      queue.push(event);
    },
  };
}
