import type { CallName } from '../../contract/calls.ts';
import type { CallInput, CallOutput } from '../../contract/index.ts';

/**
 * The backend: named calls of spec §7 over Parse's cloud-function REST convention,
 * `POST {apiBase}/functions/{Name}` → `{ result }` or `{ code, error, messageKey?, processorCode? }`.
 */
export interface Backend {
  callFunction<N extends CallName>(name: N, input: CallInput<N>, options?: CallOptions): Promise<CallOutput<N>>;
}

export interface CallOptions {
  /** Sent as `Idempotency-Key`: the same charge-creating request is never applied twice. */
  idempotencyKey?: string;
}

/**
 * A failed call: Parse's error code, the server's message, the spec message key when there is
 * one, and the card processor's response code of a declined payment ("2001") with WP_CardNotValid.
 */
export class BackendError extends Error {
  override name = 'BackendError';
  constructor(
    readonly code: number,
    message: string,
    readonly messageKey: string | null = null,
    readonly processorCode: string | null = null,
  ) {
    super(message);
  }
}

/** Parse's code for a request that never got an answer. */
export const CONNECTION_FAILED = 100;
export const SESSION_TOKEN_HEADER = 'X-Parse-Session-Token';

export interface HttpBackendOptions {
  apiBase: string;
  sessionToken: () => string | null;
  fetch?: typeof fetch;
  /** Parse Server's application id, for running the funnels against an existing Parse backend. */
  applicationId?: string | undefined;
}

/** Read a `{ result }` / `{ code, error }` answer; anything else is a BackendError. */
export async function readAnswer(response: Response): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new BackendError(response.ok ? 107 : response.status, response.statusText || 'Invalid response');
  }
  const b = (body ?? {}) as { result?: unknown; code?: unknown; error?: unknown; messageKey?: unknown; processorCode?: unknown };
  if (response.ok && 'result' in b) return b.result;
  if (response.ok && b.error === undefined) return body;
  throw new BackendError(
    typeof b.code === 'number' ? b.code : response.status,
    // Not a text (spec §8 "Registration error"): no message, so the screen says its own.
    typeof b.error === 'string' ? b.error : '',
    typeof b.messageKey === 'string' ? b.messageKey : null,
    typeof b.processorCode === 'string' || typeof b.processorCode === 'number' ? String(b.processorCode) : null,
  );
}

export function jsonHeaders(o: Pick<HttpBackendOptions, 'sessionToken' | 'applicationId'>): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = o.sessionToken();
  if (token) headers[SESSION_TOKEN_HEADER] = token;
  if (o.applicationId) headers['X-Parse-Application-Id'] = o.applicationId;
  return headers;
}

export async function postJson(o: HttpBackendOptions, path: string, body: unknown, extraHeaders: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await (o.fetch ?? fetch)(o.apiBase + path, { method: 'POST', headers: { ...jsonHeaders(o), ...extraHeaders }, body: JSON.stringify(body ?? {}) });
  } catch (e) {
    throw new BackendError(CONNECTION_FAILED, e instanceof Error ? e.message : String(e), 'NetworkError');
  }
  return readAnswer(response);
}

export function createHttpBackend(o: HttpBackendOptions): Backend {
  return {
    callFunction(name, input, options) {
      const extra: Record<string, string> = options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {};
      return postJson(o, `/functions/${name}`, input, extra) as Promise<never>;
    },
  };
}
