/**
 * How every route of the server answers a failure, in Parse's shape (`{"code": n, "error": "…"}`):
 *
 * - a CallError: its code, with Parse's status (statusOf);
 * - a request Fastify could not read: 400 bad JSON, 413 a body too large, 415 a content type not
 *   taken, all code 107; another client error (a malformed address, a range not satisfiable…):
 *   its status, code 142;
 * - anything else is unexpected: 500 and one generic body, `{"code": 1, "error": "Internal server
 *   error.", "requestId": "…"}`, the same id in the X-Request-Id header. The cause is logged under
 *   that id (the request's log line carries it as `reqId`); nothing of it, database text
 *   included, reaches the client.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CallError, type CallFailure, ErrorCode, failureOnWire, REQUEST_ID_HEADER } from '../contract/index.ts';

const INTERNAL_ERROR_MESSAGE = 'Internal server error.';

/** A CallError with a Retry-After (rate limits). */
type RetryableError = CallError & { retryAfterSeconds?: number };

/** Every request's id: random, so an id quoted from an answer names one request among all instances. */
export const newRequestId = () => randomUUID();

/** Parse Server's statuses: 404 for 101, 500 for 1; 429 for a rate limit; 409 for a request still running; 400 otherwise. */
export function statusOf(code: number): number {
  if (code === ErrorCode.OBJECT_NOT_FOUND) return 404;
  if (code === ErrorCode.INTERNAL_SERVER_ERROR) return 500;
  if (code === ErrorCode.REQUEST_LIMIT_EXCEEDED) return 429;
  if (code === ErrorCode.DUPLICATE_REQUEST) return 409;
  return 400;
}

/** The generic body of an unexpected failure of `request`. */
export const internalErrorBody = (request: FastifyRequest): CallFailure => ({
  code: ErrorCode.INTERNAL_SERVER_ERROR,
  error: INTERNAL_ERROR_MESSAGE,
  requestId: request.id,
});

/** Logs the cause under the request's id and answers the generic 500. */
export function sendInternalError(request: FastifyRequest, reply: FastifyReply, cause: unknown, what = 'request failed') {
  request.log.error({ err: cause }, what);
  return reply.code(500).header(REQUEST_ID_HEADER, request.id).header('cache-control', 'no-store').send(internalErrorBody(request));
}

export function sendCallError(reply: FastifyReply, error: CallError) {
  if (error.code === ErrorCode.INTERNAL_SERVER_ERROR)
    return reply.code(500).header(REQUEST_ID_HEADER, reply.request.id).send(internalErrorBody(reply.request));
  const retryAfter = (error as RetryableError).retryAfterSeconds;
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.code(statusOf(error.code)).send(failureOnWire(error));
}

/** What a request that could not be read or served as sent gets (a 4xx), or null when the error is no such thing. */
function clientError(error: FastifyError | Error): { status: number; body: CallFailure } | null {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status: 413, body: { code: ErrorCode.INVALID_JSON, error: 'Request body is too large.' } };
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { status: 415, body: { code: ErrorCode.INVALID_JSON, error: 'Unsupported content type.' } };
  if (error instanceof SyntaxError || code.startsWith('FST_ERR_CTP'))
    return { status: 400, body: { code: ErrorCode.INVALID_JSON, error: 'Invalid JSON' } };
  if (status < 400 || status >= 500) return null;
  // Fastify's own sentences name what was wrong with the request; anyone else's error says only its status.
  const message = code.startsWith('FST_ERR') ? error.message : (STATUS_CODES[status] ?? 'Bad request');
  return { status, body: { code: ErrorCode.VALIDATION_ERROR, error: message } };
}

/** The error handler of the whole server (Fastify's setErrorHandler and frameworkErrors). */
export function answerError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof CallError) return sendCallError(reply, error);
  const refused = clientError(error);
  if (refused) return reply.code(refused.status).header('cache-control', 'no-store').send(refused.body);
  return sendInternalError(request, reply, error);
}
