/**
 * A gateway's refusal as the caller sees it: the browser picks its copy by `messageKey`, and by `processorCode` for a decline
 * (its table covers 2000–2099 and 3000). The `error` text is for callers that show the server's
 * message (the add-class funnel): plain words, never the bank's reason for a lost, stolen or
 * fraud decline, and never a card number, nonce or token — gateway messages are not passed on.
 */
import { CallError, ErrorCode, MessageKey } from '../../../contract/index.ts';
import type { GatewayFailure, GatewayResult } from '../gateway.ts';

/** Vaulting a payment method, or charging one: a "duplicate" means a card already vaulted, or a charge just made. */
export type FailureContext = 'vault' | 'charge';

/** Braintree validation codes of card fields the parent typed wrong (number, expiry, CVV, postal code). */
const CARD_FIELD_CODES = new Set([
  '81706',
  '81707',
  '81709',
  '81710',
  '81711',
  '81712',
  '81713',
  '81714',
  '81715',
  '81716',
  '81736',
  '81737',
]);
/** Braintree validation codes of a card already in the vault. */
const DUPLICATE_CODES = new Set(['81724', '81763']);
/** Braintree validation codes of a card type the merchant does not take. */
const CARD_TYPE_CODES = new Set(['81703', '81718', '91734', '91726']);

const DECLINED = 'Your card was declined. Please try another card or contact your bank.';
const declineText: Record<string, string> = {
  '2001': 'Your card was declined (insufficient funds). Please try another card.',
  '2002': 'This card has reached its spending limit. Please try another card or contact your bank.',
  '2003': 'This card has reached its spending limit. Please try another card or contact your bank.',
  '2004': 'This card has expired or been replaced. Please use another card.',
  '2022': 'This card has expired or been replaced. Please use another card.',
  '2005': 'Please check the card number, expiry date and security code and try again.',
  '2006': 'Please check the card number, expiry date and security code and try again.',
  '2008': 'Please check the card number, expiry date and security code and try again.',
  '2010': 'Please check the card number, expiry date and security code and try again.',
  '2016': 'This looks like a duplicate of a payment you just made. Please check your account before trying again.',
  '2024': "We can't accept this card type. Please use a different card.",
  '2032': "We can't accept this card type. Please use a different card.",
  '2034': "We couldn't process your payment right now. Please try again in a few minutes.",
};

export const cardNotValid = (processorCode: string, message = declineText[processorCode] ?? DECLINED) =>
  new CallError(ErrorCode.SCRIPT_FAILED, message, MessageKey.cardNotValid, processorCode);
export const cardVerificationFailed = () =>
  new CallError(ErrorCode.SCRIPT_FAILED, 'Please verify the credit card you entered is correct.', MessageKey.cardVerificationFailed);
export const paymentMethodDuplicate = () =>
  new CallError(ErrorCode.SCRIPT_FAILED, 'This payment method already exists.', MessageKey.paymentMethodDuplicate);
export const paymentInvalid = () =>
  new CallError(
    ErrorCode.SCRIPT_FAILED,
    'Unfortunately, this type of card is not accepted at this time. Please try another card.',
    MessageKey.paymentInvalid,
  );
const refused = (message: string) => new CallError(ErrorCode.SCRIPT_FAILED, message);

export function gatewayFailure(failure: GatewayFailure, context: FailureContext): CallError {
  switch (failure.kind) {
    case 'processorDeclined':
      return cardNotValid(failure.code);
    case 'failed':
      return cardNotValid(failure.code, "We couldn't reach the card processor. Please try again in a few minutes.");
    case 'cardTypeNotAccepted':
      return paymentInvalid();
    case 'gatewayRejected':
      if (failure.reason === 'cvv' || failure.reason === 'avs' || failure.reason === 'avs_and_cvv') return cardVerificationFailed();
      if (failure.reason === 'duplicate')
        return context === 'vault'
          ? paymentMethodDuplicate()
          : refused('This looks like a duplicate of a payment you just made. Please check your account before trying again.');
      return refused('Sorry, we are unable to process your payment at this time. Please contact customer support for assistance.');
    case 'validation':
      if (CARD_FIELD_CODES.has(failure.code)) return cardVerificationFailed();
      if (DUPLICATE_CODES.has(failure.code)) return paymentMethodDuplicate();
      if (CARD_TYPE_CODES.has(failure.code)) return paymentInvalid();
      return refused('This payment method could not be used. Please enter it again or try another one.');
  }
}

/** The value of a gateway result, or its failure thrown as the caller's CallError. */
export function unwrap<T>(result: GatewayResult<T>, context: FailureContext): T {
  if (result.ok) return result.value;
  throw gatewayFailure(result.failure, context);
}
