/**
 * What a failed call means, by name: one of the call's message keys (src/contract/definitions.ts:
 * WP_CardNotValid, USER_ALREADY_EXISTS...), or one of the named outcomes below. The funnels map
 * outcomes to what the parent reads (`errors:` in funnels/app.yaml, and per call); no funnel names
 * a numeric code. No zod here: the browser classifies failures with it.
 */
import { ErrorCode } from './wire.ts';

/** The outcomes that are not a message key of the contract. */
export const namedOutcomes = {
  /**
   * No answer that says what happened: the network or a timeout (100), the server failed (1, or an
   * HTTP 5xx without a Parse body), or the same request is still running (159). The same request
   * goes again on the next try.
   */
  noAnswer: 'no answer: the network, a timeout or a server failure; the same request goes again on the next try',
  /** Any failure no other outcome names. */
  default: 'any other failure',
} as const;
export type NamedOutcome = keyof typeof namedOutcomes;
export const namedOutcomeNames = Object.keys(namedOutcomes) as NamedOutcome[];

const NO_ANSWER_CODES: ReadonlySet<number> = new Set([
  ErrorCode.CONNECTION_FAILED,
  ErrorCode.INTERNAL_SERVER_ERROR,
  ErrorCode.DUPLICATE_REQUEST,
]);

/** What a failure carries, as the browser's CallError has it. */
export interface Failure {
  code: number | string | null;
  messageKey: string | null;
  message: string;
}

/** A backend without message keys says a used code with 'already used' in its text. */
const ALREADY_USED_TEXT = 'already used';
const CODE_ALREADY_USED = 'CODE_ALREADY_USED';

/**
 * The outcome of a failure of a call whose message keys are `messageKeys`: its message key when
 * the call has it, else `noAnswer` for a failure without an answer, else `default`.
 */
export function outcomeOf(failure: Failure, messageKeys: readonly string[]): string {
  if (failure.messageKey !== null && messageKeys.includes(failure.messageKey)) return failure.messageKey;
  if (messageKeys.includes(CODE_ALREADY_USED) && failure.message.includes(ALREADY_USED_TEXT)) return CODE_ALREADY_USED;
  const code = typeof failure.code === 'number' ? failure.code : Number(failure.code);
  if (NO_ANSWER_CODES.has(code) || (code >= 500 && code <= 599)) return 'noAnswer';
  return 'default';
}
