/** The refusals of a code, as the code calls and the payment calls that take a code answer them. */
import { CallError, ErrorCode, MessageKey } from '../../contract/index.ts';

export const codeInvalid = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This code is not valid.', MessageKey.codeInvalid);
/** The browser looks for 'already used' in the message. */
export const codeAlreadyUsed = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This code was already used.', MessageKey.codeAlreadyUsed);
export const codeExpired = () => new CallError(ErrorCode.SCRIPT_FAILED, 'This code has expired.', MessageKey.codeExpired);
export const subscriptionActive = () =>
  new CallError(ErrorCode.SCRIPT_FAILED, "It seems your subscription hasn't expired yet.", MessageKey.subscriptionActive);
