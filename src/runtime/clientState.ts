import { type KeyValueStorage, readJson, writeJson } from '../browser/storage.ts';
import { CLIENT_STATE_KEY } from '../browser/storageKeys.ts';
import { createStore, type Observable } from '../browser/store.ts';
import { type ClientState, initialClientState } from '../domain/clientState.ts';

/**
 * The client state, persisted in localStorage (CLIENT_STATE_KEY) and reset to its
 * initial values on logout. Keys may be dot paths (`quiz.answers`).
 */
export interface ClientStateStore extends Observable<ClientState> {
  setKey(path: string, value: unknown): void;
  clearKey(path: string): void;
  update(change: (state: ClientState) => ClientState): void;
  /** Back to the initial values, but for `keep` (the language stays what the parent reads). */
  reset(keep?: Partial<ClientState>): void;
}

function setIn(target: unknown, parts: string[], value: unknown): unknown {
  const [head, ...rest] = parts;
  if (head === undefined) return value;
  const base = target !== null && typeof target === 'object' && !Array.isArray(target) ? (target as Record<string, unknown>) : {};
  return { ...base, [head]: setIn(base[head], rest, value) };
}

function initialAt(parts: string[]): unknown {
  let v: unknown = initialClientState;
  for (const p of parts) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v === undefined ? null : v;
}

/** The stored state, with every key of the current version (new keys take their initial value). */
export function loadClientState(storage: KeyValueStorage): ClientState {
  const stored = readJson(storage, CLIENT_STATE_KEY);
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return initialClientState;
  const state: Record<string, unknown> = { ...initialClientState };
  for (const key of Object.keys(initialClientState)) if (key in stored) state[key] = (stored as Record<string, unknown>)[key];
  return state as unknown as ClientState;
}

export function createClientStateStore(storage: KeyValueStorage): ClientStateStore {
  const store = createStore<ClientState>(loadClientState(storage));
  const save = (next: ClientState) => {
    store.set(next);
    writeJson(storage, CLIENT_STATE_KEY, next);
  };
  return {
    get: store.get,
    subscribe: store.subscribe,
    setKey: (path, value) => save(setIn(store.get(), path.split('.'), value) as ClientState),
    clearKey: (path) => save(setIn(store.get(), path.split('.'), initialAt(path.split('.'))) as ClientState),
    update: (change) => save(change(store.get())),
    reset(keep = {}) {
      store.set({ ...initialClientState, ...keep });
      storage.removeItem(CLIENT_STATE_KEY);
    },
  };
}

/**
 * A quiz answer from the query is stored when the question id is present and the
 * answer numeric; anything else leaves the state as it was.
 */
export function recordQuizAnswer(state: ClientState, question: unknown, answer: unknown): ClientState {
  const id = typeof question === 'string' ? question.trim() : typeof question === 'number' ? String(question) : '';
  const n = typeof answer === 'number' ? answer : typeof answer === 'string' && answer.trim() !== '' ? Number(answer) : NaN;
  if (!id || !Number.isFinite(n)) return state;
  return { ...state, quiz: { ...state.quiz, answers: { ...state.quiz.answers, [id]: n }, externalAnsweredQuestionId: id } };
}
