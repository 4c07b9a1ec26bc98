import { type KeyValueStorage, readJson, writeJson } from '../../browser/storage.ts';
import { SESSION_KEY } from '../../browser/storageKeys.ts';
import { createStore, type Observable } from '../../browser/store.ts';
import { CallError, ErrorCode } from '../../contract/wire.ts';
import type { SessionUser } from '../../domain/sessionUser.ts';
import { type Backend, type HttpBackendOptions, postJson } from '../backend/backend.ts';

/** The locally stored session (plus the token). */
export interface Session extends SessionUser {
  sessionToken: string;
}

export interface Auth {
  session: Observable<Session | null>;
  /** Reads the stored session again (another tab, or a test, may have changed it). */
  isLoggedIn(): boolean;
  /** Logs in (email lowercased) and stores the session; throws a CallError on failure. */
  login(username: string, password: string): Promise<Session>;
  /** Ends the session: `Logout` best-effort, local and session storage cleared, client state reset. */
  logout(): Promise<void>;
  /**
   * Whether the last session ended here, by `logout()`, and none began since: the session watch's
   * "you have logged out" is for a session lost elsewhere, not for the parent's own Logout on its way to /login.
   */
  endedHere?(): boolean;
  /** The parent's email changed (UpdateUserEmail): the stored session names the new one. */
  rememberEmail(email: string): void;
  /**
   * Asks the server whether the stored session still holds (Parse's `/users/me`); a session the
   * server no longer knows (209: logged out elsewhere, password reset) is dropped locally, so
   * the session watch sees it gone. Answers whether a session remains; a failed request keeps it.
   */
  verify?(): Promise<boolean>;
}

export function readSession(storage: KeyValueStorage): Session | null {
  const v = readJson(storage, SESSION_KEY) as Partial<Session> | undefined;
  return v && typeof v === 'object' && typeof v.sessionToken === 'string' && v.sessionToken && typeof v.objectId === 'string'
    ? { objectId: v.objectId, email: typeof v.email === 'string' ? v.email : '', sessionToken: v.sessionToken }
    : null;
}

/** A login answer (unified `UserLogin` or Parse's `/login`) as a session; tolerant of both shapes. */
export function sessionFromAnswer(answer: unknown, username: string): Session {
  const a = (answer ?? {}) as Record<string, unknown>;
  const user = (a.user ?? a) as Record<string, unknown>;
  const attributes = (user.attributes ?? {}) as Record<string, unknown>;
  const sessionToken = a.sessionToken ?? user.sessionToken;
  const objectId = user.objectId ?? user.id ?? a.objectId ?? a.id;
  if (typeof sessionToken !== 'string' || !sessionToken || (typeof objectId !== 'string' && typeof objectId !== 'number'))
    throw new CallError(ErrorCode.OBJECT_NOT_FOUND, 'Invalid username/password.');
  const email = [user.email, attributes.email, user.username, attributes.username].find((v) => typeof v === 'string' && v) as
    | string
    | undefined;
  return { objectId: String(objectId), email: email ?? username, sessionToken };
}

export interface AuthOptions {
  backend: Backend;
  http: HttpBackendOptions;
  local: KeyValueStorage;
  session: KeyValueStorage;
  /** The `unifiedLogin` flag: on → `UserLogin`, off → Parse's legacy `POST /login`. */
  unifiedLogin: () => boolean;
  /** Reset the client state (and anything else tied to the parent) on logout. */
  onLogout: () => void;
  /** localStorage keys that survive a logout (first-touch attribution). */
  keepOnLogout?: readonly string[];
}

export function createAuth(o: AuthOptions): Auth {
  const session = createStore<Session | null>(readSession(o.local));
  let loggedOutHere = false;
  // Another tab logging in or out, or a test seeding SESSION_KEY, is seen on the next check.
  const current = () => {
    const stored = readSession(o.local);
    if (stored?.sessionToken !== session.get()?.sessionToken) session.set(stored);
    return session.get();
  };
  return {
    session: { get: session.get, subscribe: session.subscribe },
    isLoggedIn: () => current() !== null,
    async login(username, password) {
      const email = username.trim().toLowerCase();
      const answer = o.unifiedLogin()
        ? await o.backend.callFunction('UserLogin', { username: email, password })
        : await postJson({ ...o.http, sessionToken: () => null }, '/login', { username: email, password });
      const s = sessionFromAnswer(answer, email);
      writeJson(o.local, SESSION_KEY, s);
      loggedOutHere = false;
      session.set(s);
      return s;
    },
    endedHere: () => loggedOutHere && current() === null,
    rememberEmail(email) {
      const s = current();
      if (!s || s.email === email) return;
      const renamed = { ...s, email };
      writeJson(o.local, SESSION_KEY, renamed);
      session.set(renamed);
    },
    async verify() {
      const before = current();
      if (!before) return false;
      try {
        await postJson(o.http, '/users/me', {});
      } catch (e) {
        // Only the server's "no such session" ends it here; a network failure says nothing.
        if (e instanceof CallError && e.code === ErrorCode.INVALID_SESSION_TOKEN && current()?.sessionToken === before.sessionToken) {
          o.local.removeItem(SESSION_KEY);
          session.set(null);
          return false;
        }
      }
      return current() !== null;
    },
    async logout() {
      if (current()) await o.backend.callFunction('Logout', {}).catch(() => undefined);
      const kept = (o.keepOnLogout ?? []).map((k) => [k, o.local.getItem(k)] as const);
      o.local.clear();
      o.session.clear();
      for (const [k, v] of kept) if (v !== null) o.local.setItem(k, v);
      loggedOutHere = true;
      session.set(null);
      o.onLogout();
    },
  };
}
