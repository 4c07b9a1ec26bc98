/**
 * Where the payment calls (payments/calls/offers.ts, subscribe.ts, records.ts) import the code
 * refusals and addMonths from; the code calls themselves are in codes/handlers.ts.
 */
export { codeAlreadyUsed, codeExpired, codeInvalid } from './codes/errors.ts';
export { addMonths } from './codes/service.ts';
