/**
 * The backend contract: what the browser client and the server agree on for every named call.
 * Safe to import in the browser (no server code).
 *
 * The wire (paths, headers, error codes, CallError) is ./wire.ts, which needs no zod.
 * The calls themselves (input and output schemas, session requirement, rate limit, message
 * keys) are in ./definitions.ts, their entities in ./entities.ts.
 */
import type { z } from 'zod';
import type { CallName } from './calls.ts';
import type { Contract } from './definitions.ts';

export { type CallName, callNames } from './calls.ts';
export { type CallDefinition, type Contract, contract, MessageKey, type OwnerRule, type RateLimitName } from './definitions.ts';
export { findUnsafeText, textProblem } from './safeText.ts';

/** What a caller sends (before the server's parsing) and what it gets back. */
export type CallInput<N extends CallName> = z.input<Contract[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Contract[N]['output']>;

export {
  CallError,
  type CallFailure,
  ErrorCode,
  failureOnWire,
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  REQUEST_ID_HEADER,
  SESSION_TOKEN_HEADER,
} from './wire.ts';
