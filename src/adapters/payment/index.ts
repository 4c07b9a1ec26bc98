/**
 * Which payment adapter runs, and its loading: the server's client config names it
 * (`payments.adapter`: 'sandbox' | 'braintree'), and only that one's code is fetched — this
 * module is part of the payment block's chunk, so nothing of it reaches the landing page.
 * braintree-web gets its client token from GetClientToken, with a bot-check token for the
 * action 'paymentForm' when the captcha adapter gives one.
 */
import type { Backend } from '../backend/backend.ts';
import type { Captcha } from '../captcha/captcha.ts';
import type { PaymentAdapter, PaymentAdapterFactory, PaymentAdapterName } from './types.ts';

/** The bot-check action of the payment form. */
export const PAYMENT_CAPTCHA_ACTION = 'paymentForm';

export function isPaymentAdapterName(name: string): name is PaymentAdapterName {
  return name === 'sandbox' || name === 'braintree';
}

/** The factory of an adapter, its code loaded on demand (one chunk each). */
export async function paymentAdapterFactory(name: PaymentAdapterName): Promise<PaymentAdapterFactory> {
  if (name === 'braintree') return (await import('./braintree/index.ts')).createBraintreePaymentAdapter;
  return (await import('./sandbox/index.ts')).createSandboxPaymentAdapter;
}

/** GetClientToken, with a bot-check token when the captcha adapter has one (an invisible check may fail: then none). */
export function clientTokenSource(backend: Backend, captcha: Captcha): () => Promise<string> {
  return async () => {
    const captchaToken = await captcha.getToken(PAYMENT_CAPTCHA_ACTION).catch(() => undefined);
    const answer = await backend.callFunction('GetClientToken', captchaToken ? { captchaToken } : {});
    return answer.clientToken;
  };
}

export interface LoadPaymentAdapterOptions {
  /** The adapter the server names. */
  adapter: () => Promise<string>;
  backend: Backend;
  captcha: Captcha;
  text?: (name: string, params?: Record<string, string>) => string;
}

/** Loads and creates the adapter the server names; an unknown name is a configuration error. */
export async function loadPaymentAdapter(o: LoadPaymentAdapterOptions): Promise<PaymentAdapter> {
  const name = await o.adapter();
  if (!isPaymentAdapterName(name)) throw new Error(`Unknown payment adapter '${name}' (expected sandbox or braintree).`);
  const factory = await paymentAdapterFactory(name);
  return factory({ getClientToken: clientTokenSource(o.backend, o.captcha), ...(o.text ? { text: o.text } : {}) });
}
