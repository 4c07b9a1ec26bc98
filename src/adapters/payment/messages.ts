/**
 * Which message a payment adapter's failure shows, by
 * braintree-web's error code. The names are keys of the payment block's copy group
 * (`payment:checkout.verifyCard`...), so each funnel words them its own way (the class funnels'
 * 'Invalid card information...') while the mapping stays one.
 */
import type { PaymentMethodKind } from './types.ts';

export type ProviderMessage =
  | 'fillOutForm'
  | 'verifyCard'
  | 'duplicate'
  | 'paypalClosed'
  | 'failed'
  | 'googlePayCanceled'
  | 'googlePayFailed'
  | 'applePayFailed'
  | 'applePayIssue';

/**
 * The message of a tokenization or wallet failure; null when the parent simply changed their
 * mind (Apple Pay sheet closed). `method`: the way of paying that failed — Google's own codes
 * (DEVELOPER_ERROR, BUYER_ACCOUNT_ERROR…) carry no prefix, yet are Google Pay's failure.
 */
export function providerMessage(code: string, method?: PaymentMethodKind): ProviderMessage | null {
  switch (code) {
    case 'HOSTED_FIELDS_FIELDS_EMPTY':
      return 'fillOutForm';
    case 'HOSTED_FIELDS_FIELDS_INVALID':
    case 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED':
      return 'verifyCard';
    case 'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE':
      return 'duplicate';
    case 'PAYPAL_POPUP_CLOSED':
    case 'PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED':
      return 'paypalClosed';
    case 'GOOGLE_PAYMENT_CANCELED':
      return 'googlePayCanceled';
    case 'APPLE_PAY_CANCELED':
      return null;
    case 'APPLE_PAY_PAYMENT_FAILED':
    case 'APPLE_PAY_TOKENIZATION':
      return 'applePayFailed';
  }
  if (code.startsWith('GOOGLE_PAYMENT_') || method === 'googlePay') return 'googlePayFailed';
  if (code.startsWith('APPLE_PAY_') || method === 'applePay') return 'applePayIssue';
  return 'failed';
}

export type LoadingMessage = 'loadCard' | 'loadPayPal' | 'loadApplePay' | 'loadGooglePay';

/** The message of a part of the payment form that could not load (it asks for a refresh). */
export function loadingMessage(part: PaymentMethodKind): LoadingMessage {
  return part === 'paypal' ? 'loadPayPal' : part === 'applePay' ? 'loadApplePay' : part === 'googlePay' ? 'loadGooglePay' : 'loadCard';
}

/** The messages of the payment form itself (before anything reaches the provider). */
export type FormMessage = 'nameRequired' | 'selectPlan';

/** Every message name a payment copy group holds. */
export const paymentMessageNames: readonly (ProviderMessage | LoadingMessage | FormMessage)[] = [
  'fillOutForm',
  'verifyCard',
  'duplicate',
  'paypalClosed',
  'failed',
  'googlePayCanceled',
  'googlePayFailed',
  'applePayFailed',
  'applePayIssue',
  'loadCard',
  'loadPayPal',
  'loadApplePay',
  'loadGooglePay',
  'nameRequired',
  'selectPlan',
];

/** Splits the payer's name at spaces: the first word, and the rest. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}
