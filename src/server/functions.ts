/**
 * Backend calls over Parse Server's cloud-function wire format:
 * `POST /api/functions/:name`, JSON params in the body, the session token in
 * `X-Parse-Session-Token`, answers `{"result": ...}` or `{"code": n, "error": "..."}`.
 *
 * The Parse JS SDK posts `text/plain` bodies carrying `_SessionToken`, `_ApplicationId`...
 * inside the JSON (to avoid a CORS preflight); both forms are accepted, so the official SDK
 * can call this server too.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { callNames, CallError, contract, ErrorCode, SESSION_TOKEN_HEADER, type CallDefinition, type CallInput, type CallName, type CallOutput } from '../contract/index.ts';

export interface CallContext {
  /** The caller's session token, or null when logged out. Not checked here: handlers decide. */
  sessionToken: string | null;
  log: FastifyBaseLogger;
  request: FastifyRequest;
}

export type Handler<N extends CallName = CallName> = (input: CallInput<N>, context: CallContext) => CallOutput<N> | Promise<CallOutput<N>>;

/** One handler per call name; a name without one answers like an unknown Parse function. */
export type Handlers = { [N in CallName]?: Handler<N> };

const knownNames: ReadonlySet<string> = new Set(callNames);
const definitions: Partial<Record<CallName, CallDefinition>> = contract;

/** Fields the Parse JS SDK adds to a `text/plain` body; they are not call parameters. */
const parseSdkFields = ['_ApplicationId', '_JavaScriptKey', '_ClientVersion', '_InstallationId', '_SessionToken', '_MasterKey', '_RevocableSession', '_method', '_ContentType', '_context'];

export async function functionRoutes(app: FastifyInstance, opts: { handlers: Handlers }) {
  // JSON bodies, also when sent as text/plain (Parse SDK); an empty body means no parameters.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, {});
    json(request, body, done);
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof SyntaxError || (error as { code?: string }).code?.startsWith('FST_ERR_CTP')) {
      return reply.code(400).send(new CallError(ErrorCode.INVALID_JSON, 'Invalid JSON').toWire());
    }
    request.log.error({ err: error }, 'backend call failed');
    return reply.code(500).send(new CallError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error.').toWire());
  });

  app.post<{ Params: { name: string } }>('/functions/:name', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { name } = request.params;
    const handler = knownNames.has(name) ? (opts.handlers[name as CallName] as Handler | undefined) : undefined;
    if (!handler) return reply.code(400).send(new CallError(ErrorCode.SCRIPT_FAILED, `Invalid function: "${name}"`).toWire());

    const body = request.body ?? {};
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return reply.code(400).send(new CallError(ErrorCode.INVALID_JSON, 'Invalid JSON').toWire());
    const params: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    const bodyToken = typeof params._SessionToken === 'string' ? params._SessionToken : null;
    for (const field of parseSdkFields) delete params[field];
    const headerToken = request.headers[SESSION_TOKEN_HEADER.toLowerCase()];
    const sessionToken = (typeof headerToken === 'string' && headerToken !== '' ? headerToken : bodyToken) || null;

    let input: unknown = params;
    const definition = definitions[name as CallName];
    if (definition) {
      const parsed = definition.input.safeParse(params);
      if (!parsed.success) {
        const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'params'}: ${issue.message}`).join('; ');
        return reply.code(400).send(new CallError(ErrorCode.VALIDATION_ERROR, `Invalid parameters for ${name}: ${detail}`).toWire());
      }
      input = parsed.data;
    }

    try {
      const result = await handler(input as never, { sessionToken, log: request.log, request });
      return { result: result ?? null };
    } catch (error) {
      if (error instanceof CallError) {
        // Parse answers 404 for OBJECT_NOT_FOUND, 500 for INTERNAL_SERVER_ERROR, 400 otherwise.
        const status = error.code === ErrorCode.OBJECT_NOT_FOUND ? 404 : error.code === ErrorCode.INTERNAL_SERVER_ERROR ? 500 : 400;
        return reply.code(status).send(error.toWire());
      }
      throw error;
    }
  });
}
