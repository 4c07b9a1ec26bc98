/**
 * The wire the browser client, the checkout and the server share (no zod, no server code):
 * Parse Server's cloud-function REST convention.
 *
 *   POST {apiBase}/functions/{Name}   body: JSON params   header: X-Parse-Session-Token
 *   → 200 {"result": ...}   or   4xx/5xx {"code": n, "error": "...", "messageKey"?, "processorCode"?, "todayCharge"?}
 */
import type { CallName } from './calls.ts';

/** Where a call is posted, relative to the API base (`/api`). */
/** Where the backend answers on the app's own origin: every path below is under it. */
export const API_PREFIX = '/api';

export const functionPath = (name: CallName) => `/functions/${name}`;
/** The experiments report's events (src/contract/events.ts), under the API base. */
export const EVENTS_PATH = '/events';
export const SESSION_TOKEN_HEADER = 'X-Parse-Session-Token';
/**
 * The id of a request, on every answer of an unexpected failure (HTTP 500, also as the body's
 * `requestId`): the server's log holds the cause under it.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** Parse Server's application id, sent when the funnels run against an existing Parse backend. */
export const APPLICATION_ID_HEADER = 'X-Parse-Application-Id';

/**
 * Charge-creating calls (`idempotent: true` in ./definitions.ts) need a key naming the attempt:
 * the same key with the same params answers the first answer again, never charging twice. Sent
 * as this header, or (Parse SDK, whose cloud calls cannot set headers) as the body field
 * `_idempotencyKey`; Parse's own `X-Parse-Request-Id` is accepted too.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_FIELD = '_idempotencyKey';

/** Parse.Error codes this backend answers with (same numbers as Parse, so the `parse` SDK understands them). */
export const ErrorCode = {
  INTERNAL_SERVER_ERROR: 1,
  /** Never sent by the server: the browser's code for a request that got no answer (Parse's too). */
  CONNECTION_FAILED: 100,
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
 * A failed call on the wire. `processorCode` is the card processor's response code of a
 * declined payment ("2001"; "3000" when the processor failed), sent with WP_CardNotValid.
 * `todayCharge` is what a charging call would really charge today, in dollars (9.99), sent with
 * WP_TodayChargeChanged when the screen's `expectedTodayCharge` was another amount.
 * `requestId` comes with an unexpected failure (code 1, HTTP 500): see REQUEST_ID_HEADER.
 */
export type CallFailure = {
  code: number;
  error: string;
  messageKey?: string;
  processorCode?: string;
  todayCharge?: number;
  requestId?: string;
};

/** A failed call, thrown by server handlers and by the browser client alike. */
export class CallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** A payment message key (WP_CardNotValid...), when the failure has one. */
    readonly messageKey?: string,
    /** The processor's response code of a declined payment ("2001"), when there is one. */
    readonly processorCode?: string,
    /** The amount a charging call would really charge today, in dollars, when it refused another. */
    readonly todayCharge?: number,
  ) {
    super(message);
    this.name = 'CallError';
  }

  /** The failure an answer carries (a body that is not `{ code, error }` keeps the HTTP status as its code). */
  static fromWire(body: unknown, status: number): CallError {
    const b = (body ?? {}) as { code?: unknown; error?: unknown; messageKey?: unknown; processorCode?: unknown; todayCharge?: unknown };
    return new CallError(
      typeof b.code === 'number' ? b.code : status,
      // Not a text: no message, so the screen says its own.
      typeof b.error === 'string' ? b.error : '',
      typeof b.messageKey === 'string' ? b.messageKey : undefined,
      typeof b.processorCode === 'string' || typeof b.processorCode === 'number' ? String(b.processorCode) : undefined,
      typeof b.todayCharge === 'number' ? b.todayCharge : undefined,
    );
  }
}

/** A failure as the server answers it: a function beside the class, so the browser's bundle leaves it out. */
export function failureOnWire(error: CallError): CallFailure {
  const wire: CallFailure = { code: error.code, error: error.message };
  if (error.messageKey !== undefined) wire.messageKey = error.messageKey;
  if (error.processorCode !== undefined) wire.processorCode = error.processorCode;
  if (error.todayCharge !== undefined) wire.todayCharge = error.todayCharge;
  return wire;
}
