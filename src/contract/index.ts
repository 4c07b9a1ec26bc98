/**
 * The backend contract: what the browser client and the server agree on for every named call
 * of spec §7. Safe to import in the browser (no server code).
 *
 * Wire format (Parse Server's cloud-function REST convention):
 *   POST {apiBase}/functions/{Name}   body: JSON params   header: X-Parse-Session-Token
 *   → 200 {"result": ...}   or   4xx/5xx {"code": n, "error": "..."}
 *
 * The calls themselves (input and output schemas, session requirement, rate limit, message
 * keys) are in ./definitions.ts, their entities in ./entities.ts.
 */
import type { z } from 'zod';
import type { CallName } from './calls.ts';
import type { Contract } from './definitions.ts';

export { callNames, type CallName } from './calls.ts';

export { textProblem } from './safeText.ts';

export { contract, MessageKey, type CallDefinition, type Contract, type MessageKeyValue, type RateLimitName } from './definitions.ts';

/** What a caller sends (before the server's parsing) and what it gets back. */
export type CallInput<N extends CallName> = z.input<Contract[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Contract[N]['output']>;

/** Where a call is posted, relative to the API base (`/api`). */
export const functionPath = (name: CallName) => `/functions/${name}`;
export const SESSION_TOKEN_HEADER = 'X-Parse-Session-Token';

/** Parse.Error codes this backend answers with (same numbers as Parse, so the `parse` SDK understands them). */
export const ErrorCode = {
  INTERNAL_SERVER_ERROR: 1,
  OBJECT_NOT_FOUND: 101,
  INVALID_JSON: 107,
  OPERATION_FORBIDDEN: 119,
  SCRIPT_FAILED: 141,
  VALIDATION_ERROR: 142,
  REQUEST_LIMIT_EXCEEDED: 155,
  /** The same Idempotency-Key is still being processed (HTTP 409). */
  DUPLICATE_REQUEST: 159,
  USERNAME_TAKEN: 202,
  INVALID_SESSION_TOKEN: 209,
} as const;

/**
 * Charge-creating calls (`idempotent: true` in ./definitions.ts) need a key naming the attempt:
 * the same key with the same params answers the first answer again, never charging twice. Sent
 * as this header, or (Parse SDK, whose cloud calls cannot set headers) as the body field
 * `_idempotencyKey`; Parse's own `X-Parse-Request-Id` is accepted too.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_FIELD = '_idempotencyKey';

export type CallSuccess<T = unknown> = { result: T };
/**
 * A failed call on the wire. `processorCode` is the card processor's response code of a
 * declined payment ("2001"; "3000" when the processor failed), sent with WP_CardNotValid.
 */
export type CallFailure = { code: number; error: string; messageKey?: string; processorCode?: string };
export type CallResponse<T = unknown> = CallSuccess<T> | CallFailure;

/** A failed call, thrown by server handlers and by the browser client alike. */
export class CallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** A spec message key (WP_CardNotValid...), when the failure has one. */
    readonly messageKey?: string,
    /** The processor's response code of a declined payment ("2001"), when there is one. */
    readonly processorCode?: string,
  ) {
    super(message);
    this.name = 'CallError';
  }

  toWire(): CallFailure {
    const wire: CallFailure = { code: this.code, error: this.message };
    if (this.messageKey !== undefined) wire.messageKey = this.messageKey;
    if (this.processorCode !== undefined) wire.processorCode = this.processorCode;
    return wire;
  }
}
