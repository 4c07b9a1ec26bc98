import { createStore, type Observable } from '../browser/store.ts';
import type { NotificationRequest, PopupRequest } from './actions.ts';

export interface Notification extends NotificationRequest {
  id: number;
}

export interface NotificationCenter extends Observable<readonly Notification[]> {
  show(request: NotificationRequest): number;
  /** The notification is on screen: its `ms` count from now (a busy page may draw it a moment after `show`). */
  appeared(id: number): void;
  dismiss(id: number): void;
}

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

/**
 * Timed notifications: each leaves `ms` after it appeared on screen (0 = until dismissed), or after
 * it was shown when it is never drawn. The same text shown again replaces the earlier one instead
 * of stacking up.
 */
export function createNotificationCenter(timers: Timers = realTimers): NotificationCenter {
  const store = createStore<readonly Notification[]>([]);
  const handles = new Map<number, unknown>();
  let nextId = 1;
  const dismiss = (id: number) => {
    timers.clear(handles.get(id));
    handles.delete(id);
    store.set(store.get().filter((n) => n.id !== id));
  };
  const leaveAfter = (id: number, ms: number) => {
    timers.clear(handles.get(id));
    handles.set(
      id,
      timers.set(() => dismiss(id), ms),
    );
  };
  return {
    get: store.get,
    subscribe: store.subscribe,
    dismiss,
    show(request) {
      for (const n of store.get()) if (n.text === request.text && n.literal === request.literal) dismiss(n.id);
      const id = nextId++;
      store.set([...store.get(), { ...request, id }]);
      if (request.ms > 0) leaveAfter(id, request.ms);
      return id;
    },
    appeared(id) {
      const shown = store.get().find((n) => n.id === id);
      if (shown && shown.ms > 0) leaveAfter(id, shown.ms);
    },
  };
}

/** The shared info popup: one at a time, later ones wait their turn. */
export interface InfoPopup extends Observable<PopupRequest | null> {
  open(request: PopupRequest): void;
  /** 'Ok' (or Escape): close it and run its `then:` actions. */
  close(): void;
  isOpen(): boolean;
}

export function createInfoPopup(): InfoPopup {
  const store = createStore<PopupRequest | null>(null);
  const queue: PopupRequest[] = [];
  return {
    get: store.get,
    subscribe: store.subscribe,
    isOpen: () => store.get() !== null,
    open(request) {
      if (store.get()) queue.push(request);
      else store.set(request);
    },
    close() {
      const current = store.get();
      store.set(queue.shift() ?? null);
      current?.onOk();
    },
  };
}
