import type { CallName } from '../../contract/calls.ts';
import type { CallInput, CallOutput } from '../../contract/index.ts';
import { RELEASE_HEADER } from '../../contract/releases.ts';
import {
  APPLICATION_ID_HEADER,
  CallError,
  ErrorCode,
  functionPath,
  IDEMPOTENCY_KEY_HEADER,
  SESSION_TOKEN_HEADER,
} from '../../contract/wire.ts';

/**
 * The backend: named calls over the wire of src/contract/wire.ts (Parse's
 * cloud-function REST convention). A failure is thrown as the contract's CallError.
 */
export interface Backend {
  callFunction<N extends CallName>(name: N, input: CallInput<N>, options?: CallOptions): Promise<CallOutput<N>>;
}

export interface CallOptions {
  /** Sent as `Idempotency-Key`: the same charge-creating request is never applied twice. */
  idempotencyKey?: string;
}

export interface HttpBackendOptions {
  apiBase: string;
  sessionToken: () => string | null;
  fetch?: typeof fetch;
  /** Parse Server's application id, for running the funnels against an existing Parse backend. */
  applicationId?: string | undefined;
  /** The release the page runs (src/contract/releases.ts): a conversion is counted on it. */
  releaseId?: number | undefined;
}

/** Read a `{ result }` / `{ code, error }` answer; anything else is a CallError. */
export async function readAnswer(response: Response): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new CallError(response.ok ? ErrorCode.INVALID_JSON : response.status, response.statusText || 'Invalid response');
  }
  const b = (body ?? {}) as { result?: unknown; error?: unknown };
  if (response.ok && 'result' in b) return b.result;
  if (response.ok && b.error === undefined) return body;
  throw CallError.fromWire(body, response.status);
}

export function jsonHeaders(o: Pick<HttpBackendOptions, 'sessionToken' | 'applicationId' | 'releaseId'>): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = o.sessionToken();
  if (token) headers[SESSION_TOKEN_HEADER] = token;
  if (o.applicationId) headers[APPLICATION_ID_HEADER] = o.applicationId;
  if (o.releaseId !== undefined) headers[RELEASE_HEADER] = String(o.releaseId);
  return headers;
}

export async function postJson(
  o: HttpBackendOptions,
  path: string,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await (o.fetch ?? fetch)(o.apiBase + path, {
      method: 'POST',
      headers: { ...jsonHeaders(o), ...extraHeaders },
      body: JSON.stringify(body ?? {}),
    });
  } catch (e) {
    throw new CallError(ErrorCode.CONNECTION_FAILED, e instanceof Error ? e.message : String(e), 'NetworkError');
  }
  return readAnswer(response);
}

export function createHttpBackend(o: HttpBackendOptions): Backend {
  return {
    callFunction(name, input, options) {
      const extra: Record<string, string> = options?.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey } : {};
      return postJson(o, functionPath(name), input, extra) as Promise<never>;
    },
  };
}
