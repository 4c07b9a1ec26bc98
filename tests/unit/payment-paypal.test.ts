/**
 * PayPal in the payment form (src/blocks/paymentForm/paypal.ts): PayPal's own button is drawn by
 * the adapter into a container of the form; what a failed `payWithPayPal` means depends on
 * whether the parent had opened PayPal's window, and the button is held only once the amount is known.
 */
import { describe, expect, test } from 'vitest';
import { PaymentAdapterError } from '../../src/adapters/payment/types.ts';
import { holdsPayPalButton, paypalFailure } from '../../src/blocks/paymentForm/paypal.ts';

describe('a failed payWithPayPal', () => {
  test("the window closed by the parent: rejected with PayPal's code, 'paypalClosed', offered again", () => {
    const closed = new PaymentAdapterError('PAYPAL_POPUP_CLOSED', 'CUSTOMER', 'Customer closed PayPal popup before authorizing.');
    expect(paypalFailure(closed, true)).toEqual({ kind: 'rejected', code: 'PAYPAL_POPUP_CLOSED', message: 'paypalClosed' });
  });

  test("another failure after the window opened keeps braintree-web's code and the generic message", () => {
    const refused = new PaymentAdapterError('PAYPAL_INVALID_PAYMENT_OPTION', 'MERCHANT', 'Invalid options');
    expect(paypalFailure(refused, true)).toEqual({ kind: 'rejected', code: 'PAYPAL_INVALID_PAYMENT_OPTION', message: 'failed' });
    expect(paypalFailure(new Error('boom'), true)).toEqual({ kind: 'rejected', code: 'UNKNOWN', message: 'failed' });
  });

  test("before the parent opened the window: the button could not be offered — PayPal's loading message", () => {
    for (const error of [
      new PaymentAdapterError('CLIENT_SCRIPT_FAILED_TO_LOAD', 'NETWORK', "The PayPal's SDK script could not be loaded"),
      new PaymentAdapterError('PAYPAL_NOT_ENABLED', 'MERCHANT', 'not eligible'),
      new PaymentAdapterError('PAYPAL_MISSING_REQUIRED_OPTION', 'MERCHANT', 'no container'),
      new Error('render failed'),
    ])
      expect(paypalFailure(error, false)).toEqual({ kind: 'loading', message: 'loadPayPal' });
  });
});

describe("when the form holds PayPal's button", () => {
  test.each([
    [{ available: true, offerRequired: true, hasOffer: true }, true],
    [{ available: true, offerRequired: true, hasOffer: false }, false], // our own button asks for a plan
    [{ available: true, offerRequired: false, hasOffer: false }, true], // the account page's card update
    [{ available: false, offerRequired: true, hasOffer: true }, false],
  ])('%o → %s', (o, holds) => {
    expect(holdsPayPalButton(o)).toBe(holds);
  });
});
