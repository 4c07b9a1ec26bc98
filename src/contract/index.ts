/**
 * The backend contract: what the browser client and the server agree on for every named call
 * of spec §7. Safe to import in the browser (no server code).
 *
 * Wire format (Parse Server's cloud-function REST convention):
 *   POST {apiBase}/functions/{Name}   body: JSON params   header: X-Parse-Session-Token
 *   → 200 {"result": ...}   or   4xx/5xx {"code": n, "error": "..."}
 *
 * This file holds the shape only; the next issue fills `contract` with one zod input and
 * output schema (and the spec's message keys) per call name.
 */
import type { z } from 'zod';
import type { CallName } from './calls.ts';

export { callNames, type CallName } from './calls.ts';

/** The definition of one call: its input and output schemas and the message keys it may answer. */
export interface CallDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** Spec message keys (WP_AlreadyHaveSubscription, ...) this call may answer with. */
  messageKeys?: readonly string[];
}

export function defineCall<I extends z.ZodType, O extends z.ZodType>(definition: CallDefinition<I, O>): CallDefinition<I, O> {
  return definition;
}

/** One entry per call name once the contract is complete; calls without one take any object. */
export const contract = {} satisfies Partial<Record<CallName, CallDefinition>>;

type Contract = typeof contract;
type Defined<N> = N extends keyof Contract ? Contract[N] : never;
export type CallInput<N extends CallName> = [Defined<N>] extends [never] ? Record<string, unknown> : Defined<N> extends CallDefinition<infer I> ? z.input<I> : never;
export type CallOutput<N extends CallName> = [Defined<N>] extends [never] ? unknown : Defined<N> extends CallDefinition<z.ZodType, infer O> ? z.output<O> : never;

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
  INVALID_SESSION_TOKEN: 209,
} as const;

export type CallSuccess<T = unknown> = { result: T };
export type CallFailure = { code: number; error: string; messageKey?: string };
export type CallResponse<T = unknown> = CallSuccess<T> | CallFailure;

/** A failed call, thrown by server handlers and by the browser client alike. */
export class CallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** A spec message key (WP_CardNotValid...), when the failure has one. */
    readonly messageKey?: string,
  ) {
    super(message);
    this.name = 'CallError';
  }

  toWire(): CallFailure {
    return this.messageKey === undefined ? { code: this.code, error: this.message } : { code: this.code, error: this.message, messageKey: this.messageKey };
  }
}
