/**
 * Backend calls over Parse Server's cloud-function wire format:
 * `POST /api/functions/:name`, JSON params in the body, the session token in
 * `X-Parse-Session-Token`, answers `{"result": ...}` or `{"code": n, "error": "..."}`.
 *
 * The Parse JS SDK posts `text/plain` bodies carrying `_SessionToken`, `_ApplicationId`...
 * inside the JSON (to avoid a CORS preflight); both forms are accepted, so the official SDK
 * can call this server too.
 *
 * What every call gets here, from the contract (src/contract/definitions.ts), before its
 * handler runs: its params validated (142), its session checked when it is `auth: 'session'`
 * (209 'Invalid session token'; the handler gets the parent as `context.user`), the params its
 * owner rule names checked against the caller (119), its rate limit
 * applied (155, HTTP 429), and, for the charge-creating calls (`idempotent: true`), its
 * Idempotency-Key required and honoured (src/server/payments/idempotency/store.ts: a repeat gets the
 * first answer, with its status). In development and tests its answer is checked against the
 * output schema: a handler answering the wrong shape is a bug, answered 500 and logged.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type CallDefinition,
  CallError,
  type CallName,
  type CallOutput,
  type Contract,
  callNames,
  contract,
  ErrorCode,
  failureOnWire,
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  MessageKey,
  type OwnerRule,
  REQUEST_ID_HEADER,
  SESSION_TOKEN_HEADER,
} from '../contract/index.ts';
import type { RateLimiter } from './auth/rateLimits.ts';
import { internalErrorBody, sendCallError, sendInternalError, statusOf } from './errorAnswers.ts';
import type { SucceededCall } from './experiments/conversions.ts';
import { MAX_JSON_NESTING, nestedTooDeeply, nestsDeeperThan } from './jsonNesting.ts';
import {
  type CallAnswer,
  type IdempotencyStore,
  idempotencyKeyInvalid,
  idempotencyKeyRequired,
  requestHash,
  validIdempotencyKey,
} from './payments/idempotency/store.ts';
import { releaseIdOf } from './releases/requestRelease.ts';
import { isSharedAnswer, sendSharedAnswer } from './sharedAnswers.ts';

/** The parent behind a valid session. */
export interface AuthUser {
  id: string;
  email: string;
  username: string;
  /** The account's version when the session was checked (migration 011): what was read of the account at it still holds. */
  accountVersion: string;
  /** Made in a release preview (src/server/releases/previews.ts): pays on the sandbox, left out of the report. */
  testData: boolean;
}

export interface CallContext {
  /** The session token sent, or null. For `auth: 'none'` calls it may be stale: see `user`. */
  sessionToken: string | null;
  /** The parent of a valid session, or null when logged out (or the token is not valid). */
  user: AuthUser | null;
  /** The client address (the load balancer's X-Forwarded-For when TRUST_PROXY is set). */
  ip: string;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  /** An `idempotent` call's Idempotency-Key and its scope (the call and the caller); null for other calls. */
  idempotency: { scope: string; key: string } | null;
  /** The release of the page that called (its X-Release header), or null when it named none. */
  releaseId: number | null;
  /** Made from a release preview (src/server/releases/previews.ts): payments on the sandbox, what it makes is test data. */
  preview: boolean;
  /** The draft the preview shows (its new offers are sold there: catalog/import.ts `importPreviewEntries`); null outside one. */
  previewDraftId: number | null;
}

/** What a handler of an `auth: 'session'` call gets: the session is known to be valid. */
export interface SessionCallContext extends CallContext {
  sessionToken: string;
  user: AuthUser;
}

export type ContextOf<N extends CallName> = Contract[N]['auth'] extends 'session' ? SessionCallContext : CallContext;

/** A handler's params: the contract's input schema after parsing (trimmed, defaults applied). */
export type HandlerInput<N extends CallName> = z.output<Contract[N]['input']>;

export type Handler<N extends CallName = CallName> = (
  input: HandlerInput<N>,
  context: ContextOf<N>,
) => CallOutput<N> | Promise<CallOutput<N>>;

/** One handler for every call of the contract: a missing one is a compile error. */
export type Handlers = { [N in CallName]: Handler<N> };

/**
 * A domain's handlers (accounts, catalog, codes, payments), each typed by the contract's call of
 * its name; backend.ts joins them into `Handlers`, where a call nobody answers is a compile error.
 */
export const domainHandlers = <const H extends Partial<Handlers>>(handlers: H): { [N in keyof H & CallName]: Handler<N> } =>
  handlers as never;

export interface FunctionRoutesOptions {
  handlers: Handlers;
  /** The parent behind a session token, or null when the token is unknown, expired or revoked. */
  authenticate: (sessionToken: string) => Promise<AuthUser | null>;
  rateLimiter: RateLimiter;
  /** Check every answer against the contract's output schema (development and tests). */
  validateOutputs: boolean;
  /** The idempotency keys of `idempotent` calls (default: the app's `backend.idempotency`). */
  idempotency?: IdempotencyStore;
  /** Told of each call that succeeded (not of a replayed answer): the experiments' conversions. Must not throw. */
  onSucceeded?: (call: SucceededCall) => void;
  /** The draft a request's release preview shows (src/server/releases/previews.ts), or null. None are without it. */
  previewOf?: (request: FastifyRequest) => Promise<number | null>;
}

const knownNames: ReadonlySet<string> = new Set(callNames);
const definitions: Record<CallName, CallDefinition> = contract;

/** Fields the Parse JS SDK adds to a `text/plain` body; they are not call parameters. */
const parseSdkFields = [
  '_ApplicationId',
  '_JavaScriptKey',
  '_ClientVersion',
  '_InstallationId',
  '_SessionToken',
  '_MasterKey',
  '_MaintenanceKey',
  '_RevocableSession',
  '_method',
  '_ContentType',
  '_context',
];

/**
 * The body parser of Parse's wire format, for every route under /api that speaks it (functions
 * and the legacy REST routes): JSON, also when sent as text/plain (Parse SDK); an empty body
 * means no parameters; a body nested deeper than MAX_JSON_NESTING is refused before it is
 * parsed. Call it in the plugin that holds those routes. Failures are answered by the server's
 * error handler (./errorAnswers.ts).
 */
export function useParseWireFormat(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, {});
    if (nestsDeeperThan(body, MAX_JSON_NESTING)) return done(nestedTooDeeply(), undefined);
    json(request, body, done);
  });
}

/**
 * The body as params (SDK fields removed), the session token (header, else `_SessionToken`) and
 * the idempotency key as sent: the `Idempotency-Key` header, else Parse's `X-Parse-Request-Id`
 * (the SDK's own idempotency header), else an `_idempotencyKey` body field (a cloud call of the
 * Parse SDK cannot set a header).
 */
export function readParseBody(
  request: FastifyRequest,
): { params: Record<string, unknown>; sessionToken: string | null; idempotencyKey: unknown } | null {
  const body = request.body ?? {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const params: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const bodyToken = typeof params._SessionToken === 'string' ? params._SessionToken : null;
  const bodyKey = params[IDEMPOTENCY_KEY_FIELD];
  // Most requests carry none of them.
  for (const field of parseSdkFields) if (field in params) delete params[field];
  if (IDEMPOTENCY_KEY_FIELD in params) delete params[IDEMPOTENCY_KEY_FIELD];
  const headerToken = request.headers[SESSION_TOKEN_HEADER.toLowerCase()];
  const sessionToken = (typeof headerToken === 'string' && headerToken !== '' ? headerToken : bodyToken) || null;
  const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] ?? request.headers['x-parse-request-id'] ?? bodyKey;
  return { params, sessionToken, idempotencyKey };
}

/** Who an idempotency key belongs to: the call and the parent, else the client address. */
const idempotencyScope = (name: CallName, user: AuthUser | null, ip: string) => `${name}:${user ? `user:${user.id}` : `ip:${ip}`}`;

/**
 * What a failure looks like once sent, for storing with its idempotency key. "Still in progress"
 * and server errors are not answers to keep: they say nothing of the payment, and the same key
 * sent again runs the call again, which answers from its payment intent when it made one.
 */
function failureAnswer(error: unknown, request: FastifyRequest): CallAnswer {
  if (error instanceof CallError && error.code !== ErrorCode.INTERNAL_SERVER_ERROR) {
    const status = statusOf(error.code);
    return { status, body: failureOnWire(error), keep: error.messageKey !== MessageKey.requestInProgress };
  }
  if (!(error instanceof CallError)) request.log.error({ err: error }, 'backend call failed');
  return { status: 500, body: internalErrorBody(request), keep: false };
}

export const invalidSession = () => new CallError(ErrorCode.INVALID_SESSION_TOKEN, 'Invalid session token');

/** The contract's owner rule of a call: the params it names must be the caller's own id or email. */
export function checkOwner(rule: OwnerRule, input: unknown, user: AuthUser): void {
  const params = (input ?? {}) as Record<string, unknown>;
  for (const name of rule.params) {
    const value = params[name];
    if (value === undefined) continue;
    const own =
      name === 'email' || name === 'oldEmail' ? typeof value === 'string' && value.trim().toLowerCase() === user.email : value === user.id;
    if (!own) throw new CallError(ErrorCode.OPERATION_FORBIDDEN, `You can only ${rule.action} your own account.`);
  }
}

/** Which account a rate limit counts for a call: the username or email asked about, else the parent. */
function rateLimitAccount(input: unknown, user: AuthUser | null): string | null {
  const i = (input ?? {}) as { username?: unknown; email?: unknown };
  const named = i.username ?? i.email;
  return typeof named === 'string' && named !== '' ? named : (user?.id ?? null);
}

export const isInvalidCredentials = (error: unknown) => error instanceof CallError && error.messageKey === MessageKey.invalidCredentials;

export async function functionRoutes(app: FastifyInstance, opts: FunctionRoutesOptions) {
  app.post<{ Params: { name: string } }>('/functions/:name', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { name: rawName } = request.params;
    if (!knownNames.has(rawName))
      return reply.code(400).send(failureOnWire(new CallError(ErrorCode.SCRIPT_FAILED, `Invalid function: "${rawName}"`)));
    const name = rawName as CallName;
    const handler = opts.handlers[name] as Handler | undefined;
    if (!handler) return reply.code(400).send(failureOnWire(new CallError(ErrorCode.SCRIPT_FAILED, `Invalid function: "${name}"`)));

    const body = readParseBody(request);
    if (!body) return reply.code(400).send(failureOnWire(new CallError(ErrorCode.INVALID_JSON, 'Invalid JSON')));

    const definition = definitions[name];
    const parsed = definition.input.safeParse(body.params);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'params'}: ${issue.message}`).join('; ');
      return reply.code(400).send(failureOnWire(new CallError(ErrorCode.VALIDATION_ERROR, `Invalid parameters for ${name}: ${detail}`)));
    }

    try {
      const previewDraftId = (await opts.previewOf?.(request)) ?? null;
      const preview = previewDraftId !== null;
      const sessionUser = body.sessionToken ? await opts.authenticate(body.sessionToken) : null;
      // A test account exists only in release previews (docs/releases.md, "Previews"): elsewhere its session is not valid.
      const user = sessionUser?.testData && !preview ? null : sessionUser;
      if (definition.auth === 'session' && !user) throw invalidSession();
      if (definition.owner && user) checkOwner(definition.owner, parsed.data, user);
      const context: CallContext = {
        sessionToken: body.sessionToken,
        user,
        ip: request.ip,
        log: request.log,
        request,
        idempotency: null,
        releaseId: releaseIdOf(request.headers),
        preview,
        previewDraftId,
      };
      const run = async () => (await handler(parsed.data as never, context as SessionCallContext)) ?? null;
      const execute = async () => {
        const result = definition.rateLimit
          ? await opts.rateLimiter.guard(
              definition.rateLimit,
              { ip: request.ip, account: rateLimitAccount(parsed.data, user) },
              run,
              isInvalidCredentials,
            )
          : await run();
        if (opts.validateOutputs) {
          const checked = definition.output.safeParse(result);
          if (!checked.success) {
            // The issues name paths and expectations only, never the values (an answer may hold a session token).
            request.log.error(
              { call: name, issues: checked.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })) },
              `${name} answered a shape its contract does not allow`,
            );
            throw new CallError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error.');
          }
        }
        opts.onSucceeded?.({
          name,
          input: parsed.data,
          output: result,
          userId: user?.id ?? null,
          cookieHeader: request.headers.cookie,
          releaseId: context.releaseId,
          testData: preview || (user?.testData ?? false),
        });
        return result;
      };

      if (definition.idempotent) {
        if (body.idempotencyKey === undefined || body.idempotencyKey === '') throw idempotencyKeyRequired(name);
        const key = validIdempotencyKey(body.idempotencyKey);
        if (key === null) throw idempotencyKeyInvalid();
        const store = opts.idempotency ?? (app as FastifyInstance & { backend?: { idempotency?: IdempotencyStore } }).backend?.idempotency;
        if (!store) throw new Error(`${name} is idempotent but the server has no idempotency store.`);
        context.idempotency = { scope: idempotencyScope(name, user, request.ip), key };
        const attempt = { ...context.idempotency, requestHash: requestHash(parsed.data), keepAnswer: !definition.answerHoldsSecrets };
        const { answer, replayed } = await store.run(attempt, async () => {
          try {
            return { status: 200, body: { result: await execute() } };
          } catch (error) {
            return failureAnswer(error, request);
          }
        });
        if (replayed) reply.header('idempotent-replayed', 'true');
        if (answer.status === 500) reply.header(REQUEST_ID_HEADER, request.id);
        return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.json);
      }

      const result = await execute();
      // A frozen answer (the catalog's, from memory) is serialised and compressed once: sharedAnswers.ts.
      if (isSharedAnswer(result)) return sendSharedAnswer(request, reply, result);
      return { result };
    } catch (error) {
      if (error instanceof CallError) return sendCallError(reply, error);
      return sendInternalError(request, reply, error, 'backend call failed');
    }
  });
}
