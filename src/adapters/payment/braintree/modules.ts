/**
 * braintree-web, one dynamic import per component: the bundler makes each a chunk of its own,
 * loaded the first time a payment screen needs it, so none of it is in the app's entry chunk.
 * A chunk that does not load (a deploy replaced it, the network dropped) becomes
 * CLIENT_SCRIPT_FAILED_TO_LOAD naming the component.
 */
import { scriptFailedToLoad } from './errors.ts';

/** braintree-web's modules are CommonJS: the bundler puts module.exports on `default`. */
function commonJsExports<T extends object>(namespace: T): T {
  const exported = (namespace as { default?: unknown }).default;
  return (exported && typeof exported === 'object' ? exported : namespace) as T;
}

async function load<T extends object>(component: string, importer: () => Promise<T>): Promise<T> {
  let namespace: T;
  try {
    namespace = await importer();
  } catch (error) {
    throw scriptFailedToLoad(`braintree-web ${component}`, error);
  }
  return commonJsExports(namespace);
}

export const loadClient = () => load('client', () => import('braintree-web/client'));
export const loadHostedFields = () => load('hosted-fields', () => import('braintree-web/hosted-fields'));
export const loadPayPalCheckout = () => load('paypal-checkout', () => import('braintree-web/paypal-checkout'));
export const loadApplePay = () => load('apple-pay', () => import('braintree-web/apple-pay'));
export const loadGooglePayment = () => load('google-payment', () => import('braintree-web/google-payment'));
export const loadDataCollector = () => load('data-collector', () => import('braintree-web/data-collector'));
