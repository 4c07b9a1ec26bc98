/**
 * PayPal in the payment form. PayPal opens its window only from a click on its own button, so
 * the form gives the adapter a container where the adapter draws that button
 * (`payWithPayPal({ amount, label, container, onStart })`), and the call settles on the parent's
 * first outcome in PayPal's window; the form then offers the button again by calling again.
 *
 * A call that settles before `onStart` settled without the parent: the button could not be
 * offered (PayPal's SDK did not load, PayPal is not enabled...) — the loading message, which
 * asks for a refresh, and no new offer (a setup that failed stays failed: calling again would
 * only fail again).
 */
import { type LoadingMessage, loadingMessage, type ProviderMessage, providerMessage } from '../../adapters/payment/messages.ts';
import { PaymentAdapterError } from '../../adapters/payment/types.ts';

export type PayPalFailure =
  /** The button could not be offered: say so (a refresh), offer it no more. */
  | { kind: 'loading'; message: LoadingMessage }
  /** The parent's PayPal flow failed: `web_payment_method_rejected` with `code`, the message (if any), the button again. */
  | { kind: 'rejected'; code: string; message: ProviderMessage | null };

/** What the form does with a failed `payWithPayPal`; `started`: whether the parent had opened PayPal's window. */
export function paypalFailure(error: unknown, started: boolean): PayPalFailure {
  if (!started) return { kind: 'loading', message: loadingMessage('paypal') };
  const code = error instanceof PaymentAdapterError ? error.code : 'UNKNOWN';
  return { kind: 'rejected', code, message: providerMessage(code, 'paypal') };
}

/**
 * Whether the form holds PayPal's button (its container): PayPal is available and the amount is
 * known — without the offer a paying form shows our own PayPal button instead, which says
 * 'Please select a plan before proceeding'. The adapter draws into it once the option shows.
 */
export function holdsPayPalButton(o: { available: boolean; offerRequired: boolean; hasOffer: boolean }): boolean {
  return o.available && (o.hasOffer || !o.offerRequired);
}
