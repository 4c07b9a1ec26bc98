/**
 * The session watch for a session revoked elsewhere: `auth.verify()` asks the server
 * (`/users/me`) and drops the stored session only when the server says it is gone (209).
 */
import { describe, expect, test } from 'vitest';
import { createAuth } from '../../../src/adapters/auth/auth.ts';
import { createHttpBackend, type HttpBackendOptions } from '../../../src/adapters/backend/backend.ts';
import { memoryStorage } from '../../../src/browser/storage.ts';
import { SESSION_KEY } from '../../../src/browser/storageKeys.ts';

const stored = { objectId: 'u1', email: 'parent@example.com', sessionToken: 'r:abc' };

function setup(answer: () => Promise<Response>) {
  const local = memoryStorage({ [SESSION_KEY]: JSON.stringify(stored), other: 'kept' });
  const sent: { url: string; token: string | null }[] = [];
  let auth!: ReturnType<typeof createAuth>;
  const http: HttpBackendOptions = {
    apiBase: '/api',
    sessionToken: () => auth.session.get()?.sessionToken ?? null,
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url, token: (init.headers as Record<string, string>)['X-Parse-Session-Token'] ?? null });
      return answer();
    }) as typeof fetch,
  };
  auth = createAuth({
    backend: createHttpBackend(http),
    http,
    local,
    session: memoryStorage(),
    unifiedLogin: () => true,
    onLogout: () => undefined,
  });
  return { auth, local, sent };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('auth.verify (a session revoked elsewhere)', () => {
  test('the server knows the session: it stays', async () => {
    const { auth, local, sent } = setup(() => json(200, { objectId: 'u1', email: 'parent@example.com', sessionToken: 'r:abc' }));
    expect(await auth.verify!()).toBe(true);
    expect(auth.isLoggedIn()).toBe(true);
    expect(local.getItem(SESSION_KEY)).not.toBeNull();
    expect(sent).toEqual([{ url: '/api/users/me', token: 'r:abc' }]);
  });

  test("209 'Invalid session token': the stored session is dropped, the rest of the storage stays", async () => {
    const { auth, local } = setup(() => json(400, { code: 209, error: 'Invalid session token' }));
    expect(await auth.verify!()).toBe(false);
    expect(auth.isLoggedIn()).toBe(false);
    expect(local.getItem(SESSION_KEY)).toBeNull();
    expect(local.getItem('other')).toBe('kept');
  });

  test('a network failure or another error says nothing: the session stays', async () => {
    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await down.auth.verify!()).toBe(true);
    expect(down.auth.isLoggedIn()).toBe(true);
    const broken = setup(() => json(500, { code: 1, error: 'Internal server error.' }));
    expect(await broken.auth.verify!()).toBe(true);
    expect(broken.auth.isLoggedIn()).toBe(true);
  });

  test('nobody logged in: nothing is asked', async () => {
    const { auth, local, sent } = setup(() => json(200, {}));
    local.removeItem(SESSION_KEY);
    expect(await auth.verify!()).toBe(false);
    expect(sent).toEqual([]);
  });
});

describe('auth.rememberEmail (an email change)', () => {
  test('the stored session names the new email, with the same token; logged out, nothing is stored', () => {
    const { auth, local } = setup(() => json(200, {}));
    auth.rememberEmail('new@example.com');
    expect(auth.session.get()).toEqual({ ...stored, email: 'new@example.com' });
    expect(JSON.parse(local.getItem(SESSION_KEY)!)).toEqual({ ...stored, email: 'new@example.com' });

    local.removeItem(SESSION_KEY);
    auth.rememberEmail('other@example.com');
    expect(local.getItem(SESSION_KEY)).toBeNull();
    expect(auth.session.get()).toBeNull();
  });
});
