/**
 * Calls to the Studio API (src/server/studio/routes.ts lists them): JSON both ways, the session's
 * CSRF token on every write, and back to the login when the session has ended.
 */

export interface Answer<T extends object = Record<string, unknown>> {
  status: number;
  ok: boolean;
  data: T & { error?: string; reason?: string };
}

export interface StudioApi {
  call<T extends object = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<Answer<T>>;
  /** The address of an API path (for downloads). */
  url(path: string): string;
}

export function studioApi(o: { prefix: string; csrfHeader: string; csrf: string }): StudioApi {
  return {
    url: (path) => o.prefix + path,
    async call(method, path, body) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (method !== 'GET') headers[o.csrfHeader] = o.csrf;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(o.prefix + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (response.status === 401) {
        window.location.assign('/admin/login');
        throw new Error('Your session has ended: log in again.');
      }
      const data = await response.json().catch(() => ({}));
      return { status: response.status, ok: response.ok, data };
    },
  };
}

/** An answer's own explanation, or a sentence naming what failed. */
export const refusalText = (answer: Answer<object>, what: string) => answer.data.error ?? `${what} (${answer.status}).`;
