/**
 * The contract's rule for text (src/contract/safeText.ts) where a route under /api reads
 * something that is not a call's params: the query string of every route (checked before any
 * route runs) and the bodies of the routes outside the contract (/api/events, the Braintree
 * webhook, the legacy login, the admin endpoints: each asks `unsafeTextIn`). A control character,
 * NUL included, or a lone surrogate answers 400 code 142 naming where it is, never the text.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CallError, ErrorCode, findUnsafeText } from '../contract/index.ts';
import { sendCallError } from './errorAnswers.ts';
import { isApiPath } from './static.ts';

/** 142 'Invalid parameters: <where>.<path>: <problem>' for the first unsafe text in `value`, or null. */
export function unsafeTextIn(where: string, value: unknown): CallError | null {
  const unsafe = findUnsafeText(value);
  if (!unsafe) return null;
  return new CallError(ErrorCode.VALIDATION_ERROR, `Invalid parameters: ${[where, ...unsafe.path].join('.')}: ${unsafe.message}`);
}

/** An onRequest hook of the whole server: the query string of any /api address. */
export function refuseUnsafeQuery(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  if (!request.url.includes('?') || !isApiPath(request.url.split('?', 1)[0]!)) return done();
  const refused = unsafeTextIn('query', request.query);
  if (refused) return sendCallError(reply, refused);
  done();
}
