/**
 * braintree-web's failures as PaymentAdapterErrors: its own code and type when it gave them
 * (BraintreeError), a fallback code of the same family otherwise.
 */
import { type CardFieldName, PaymentAdapterError, type PaymentErrorType } from '../types.ts';

const ERROR_TYPES: ReadonlySet<string> = new Set<PaymentErrorType>(['CUSTOMER', 'MERCHANT', 'NETWORK', 'INTERNAL', 'UNKNOWN']);

interface CodedError {
  code: string;
  type: PaymentErrorType;
  message: string;
  details?: { invalidFieldKeys?: unknown };
}

export function isCodedError(error: unknown): error is CodedError {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as Record<string, unknown>;
  return typeof e.code === 'string' && typeof e.type === 'string' && ERROR_TYPES.has(e.type);
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string')
    return (error as { message: string }).message;
  return String(error);
}

/** The error as a PaymentAdapterError: braintree-web's code and type, else `fallback`. */
export function toAdapterError(error: unknown, fallback: { code: string; type: PaymentErrorType }): PaymentAdapterError {
  if (error instanceof PaymentAdapterError) return error;
  if (isCodedError(error)) {
    const invalid = error.details?.invalidFieldKeys;
    const invalidFieldKeys = Array.isArray(invalid) ? invalid.filter((key): key is CardFieldName => typeof key === 'string') : undefined;
    return new PaymentAdapterError(error.code, error.type, error.message, invalidFieldKeys ? { invalidFieldKeys } : {});
  }
  return new PaymentAdapterError(fallback.code, fallback.type, messageOf(error));
}

/** A braintree-web chunk (or a provider's script) did not load: what the UI shows as "please refresh". */
export const scriptFailedToLoad = (part: string, error: unknown) =>
  new PaymentAdapterError('CLIENT_SCRIPT_FAILED_TO_LOAD', 'NETWORK', `The ${part} script could not be loaded: ${messageOf(error)}`);

/**
 * The codes braintree-web gives when the parent closes PayPal's window: the deprecated paypal
 * component's, and paypalCheckout's vault-initiated checkout's. The UI knows the first.
 */
const PAYPAL_WINDOW_CLOSED = new Set(['PAYPAL_POPUP_CLOSED', 'PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED']);

export function paypalError(error: unknown): PaymentAdapterError {
  const converted = toAdapterError(error, { code: 'PAYPAL_FLOW_FAILED', type: 'NETWORK' });
  if (PAYPAL_WINDOW_CLOSED.has(converted.code) && converted.code !== 'PAYPAL_POPUP_CLOSED')
    return new PaymentAdapterError('PAYPAL_POPUP_CLOSED', 'CUSTOMER', `${converted.code}: ${converted.message}`);
  return converted;
}

/** Runs `call`, a synchronous throw (braintree-web's methods throw once torn down) becoming a rejection. */
export const attempt = <T>(call: () => Promise<T>): Promise<T> => Promise.resolve().then(call);
