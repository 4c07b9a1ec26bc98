/**
 * How the braintree adapter names failures (the codes the UI maps to its messages, copy/en/payment.yaml),
 * for the shapes the browser test (tests/e2e/braintree-adapter.test.ts) does not produce.
 */

import type { Client } from 'braintree-web/client';
import { describe, expect, test } from 'vitest';
import { clientTokenHasCustomer, hostedFieldOptions } from '../../../src/adapters/payment/braintree/cardFields.ts';
import { paypalError, toAdapterError } from '../../../src/adapters/payment/braintree/errors.ts';
import { googleError } from '../../../src/adapters/payment/braintree/googlePay.ts';
import { PaymentAdapterError } from '../../../src/adapters/payment/types.ts';

/** braintree-web's BraintreeError, as its tokenize and create calls reject with it. */
const braintreeError = (code: string, type: string, message: string) =>
  Object.assign(new Error(message), { name: 'BraintreeError', code, type, details: {} });

const fields = (e: PaymentAdapterError) => ({ name: e.name, code: e.code, type: e.type, message: e.message });

describe('braintree-web errors', () => {
  test('keep braintree-web’s code, type and message', () => {
    const error = toAdapterError(braintreeError('HOSTED_FIELDS_FIELDS_INVALID', 'CUSTOMER', 'Some payment input fields are invalid.'), {
      code: 'X',
      type: 'UNKNOWN',
    });
    expect(error).toBeInstanceOf(PaymentAdapterError);
    expect(fields(error)).toEqual({
      name: 'PaymentAdapterError',
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      type: 'CUSTOMER',
      message: 'Some payment input fields are invalid.',
    });
  });

  test('the invalid fields of HOSTED_FIELDS_FIELDS_INVALID are kept', () => {
    const invalid = Object.assign(braintreeError('HOSTED_FIELDS_FIELDS_INVALID', 'CUSTOMER', 'Some payment input fields are invalid.'), {
      details: { invalidFieldKeys: ['number', 'cvv'], invalidFields: { number: {}, cvv: {} } },
    });
    expect(toAdapterError(invalid, { code: 'X', type: 'UNKNOWN' }).details).toEqual({ invalidFieldKeys: ['number', 'cvv'] });
    expect(
      toAdapterError(braintreeError('HOSTED_FIELDS_FIELDS_EMPTY', 'CUSTOMER', 'All fields are empty.'), { code: 'X', type: 'UNKNOWN' })
        .details,
    ).toEqual({});
  });

  test('anything else gets the fallback code, with its message', () => {
    expect(fields(toAdapterError(new TypeError('x is undefined'), { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION', type: 'UNKNOWN' }))).toEqual(
      {
        name: 'PaymentAdapterError',
        code: 'HOSTED_FIELDS_FAILED_TOKENIZATION',
        type: 'UNKNOWN',
        message: 'x is undefined',
      },
    );
    // A code without one of braintree-web's types is not braintree-web's.
    expect(
      toAdapterError({ code: 'ECONNRESET', type: 'system', message: 'reset' }, { code: 'CLIENT_GATEWAY_NETWORK', type: 'NETWORK' }).code,
    ).toBe('CLIENT_GATEWAY_NETWORK');
  });

  test('a PaymentAdapterError passes as it is', () => {
    const original = new PaymentAdapterError('GOOGLE_PAYMENT_CANCELED', 'CUSTOMER', 'closed');
    expect(toAdapterError(original, { code: 'X', type: 'UNKNOWN' })).toBe(original);
  });
});

describe('PayPal window closed', () => {
  test('both of braintree-web’s codes for it are PAYPAL_POPUP_CLOSED, the original kept in the message', () => {
    const vaultInitiated = paypalError(
      braintreeError('PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED', 'CUSTOMER', 'Customer closed PayPal popup before authorizing.'),
    );
    expect(fields(vaultInitiated)).toEqual({
      name: 'PaymentAdapterError',
      code: 'PAYPAL_POPUP_CLOSED',
      type: 'CUSTOMER',
      message: 'PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED: Customer closed PayPal popup before authorizing.',
    });
    expect(
      fields(paypalError(braintreeError('PAYPAL_POPUP_CLOSED', 'CUSTOMER', 'Customer closed PayPal popup before authorizing.'))),
    ).toMatchObject({ code: 'PAYPAL_POPUP_CLOSED', type: 'CUSTOMER' });
  });

  test('other PayPal failures keep their code; unknown ones are PAYPAL_FLOW_FAILED', () => {
    expect(
      paypalError(braintreeError('PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED', 'MERCHANT', 'A linked PayPal Sandbox account is required')).code,
    ).toBe('PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED');
    expect(fields(paypalError(new Error('zoid destroyed')))).toMatchObject({
      code: 'PAYPAL_FLOW_FAILED',
      type: 'NETWORK',
      message: 'zoid destroyed',
    });
  });
});

describe('Google Pay failures', () => {
  test.each([
    [{ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' }, 'GOOGLE_PAYMENT_CANCELED', 'CUSTOMER'],
    [
      { statusCode: 'BUYER_ACCOUNT_ERROR', statusMessage: 'The current Google user is unable to provide payment information.' },
      'BUYER_ACCOUNT_ERROR',
      'CUSTOMER',
    ],
    [
      { statusCode: 'MERCHANT_ACCOUNT_ERROR', statusMessage: 'The site accessing the Google Pay API does not have the right permission.' },
      'MERCHANT_ACCOUNT_ERROR',
      'MERCHANT',
    ],
    [{ statusCode: 'INTERNAL_ERROR', statusMessage: 'General server error.' }, 'INTERNAL_ERROR', 'UNKNOWN'],
    [
      braintreeError('GOOGLE_PAYMENT_GATEWAY_ERROR', 'UNKNOWN', 'There was an error when tokenizing the Google Pay payment method.'),
      'GOOGLE_PAYMENT_GATEWAY_ERROR',
      'UNKNOWN',
    ],
  ])('%o is %s', (error, code, type) => {
    expect(googleError(error)).toMatchObject({ code, type });
  });

  test('Google’s message is kept', () => {
    expect(googleError({ statusCode: 'DEVELOPER_ERROR', statusMessage: 'merchantId is required' }).message).toBe('merchantId is required');
  });
});

describe('card fields', () => {
  const client = (authorizationFingerprint: string) =>
    ({ getConfiguration: () => ({ authorizationFingerprint, gatewayConfiguration: {} }) }) as unknown as Client;

  test('a card is vaulted at tokenization when the client token was made for a customer', () => {
    expect(clientTokenHasCustomer(client('eyJhbGciOi.eyJpc3Mi.sig?customer_id=parent-42'))).toBe(true);
    expect(clientTokenHasCustomer(client('0b6d2c1e&created_at=2024-01-01T00:00:00+0000&customer_id=42'))).toBe(true);
    expect(clientTokenHasCustomer(client('eyJhbGciOi.eyJpc3Mi.sig?customer_id='))).toBe(false);
    expect(clientTokenHasCustomer(client('eyJhbGciOi.eyJpc3Mi.sig'))).toBe(false);
  });

  test('each field is named by its label, in the frame and as the frame’s title; the expiration placeholder shows the format', () => {
    const container = {} as HTMLElement;
    expect(hostedFieldOptions('expirationDate', { container, label: 'Expiration date' }, 'MM/YY')).toEqual({
      container,
      iframeTitle: 'Expiration date',
      internalLabel: 'Expiration date',
      placeholder: 'MM/YY',
    });
    expect(hostedFieldOptions('expirationDate', { container, label: 'Expiry', placeholder: 'MM / YYYY' }, 'MM/YYYY').placeholder).toBe(
      'MM / YYYY',
    );
    expect(hostedFieldOptions('cvv', { container, label: 'Security code' }, 'MM/YYYY')).toEqual({
      container,
      iframeTitle: 'Security code',
      internalLabel: 'Security code',
    });
  });
});
