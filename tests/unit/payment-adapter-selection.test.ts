/**
 * Adapter selection (src/adapters/payment/index.ts): the server's client config names the
 * adapter; braintree-web's client token comes from GetClientToken with a 'paymentForm'
 * bot-check token when the captcha adapter gives one.
 */
import { describe, expect, test } from 'vitest';
import type { Backend } from '../../src/adapters/backend/backend.ts';
import type { Captcha } from '../../src/adapters/captcha/captcha.ts';
import { clientTokenSource, loadPaymentAdapter, PAYMENT_CAPTCHA_ACTION } from '../../src/adapters/payment/index.ts';
import { CallError } from '../../src/contract/wire.ts';

function fakeBackend(answer: unknown = { clientToken: 'client-token-1' }) {
  const calls: { name: string; input: unknown }[] = [];
  const backend: Backend = {
    callFunction: (async (name: string, input: unknown) => {
      calls.push({ name, input });
      if (answer instanceof Error) throw answer;
      return answer;
    }) as Backend['callFunction'],
  };
  return { backend, calls };
}

const captcha = (token: string | Error): Captcha => ({
  kind: 'recaptcha',
  getToken: async (action) => {
    if (token instanceof Error) throw token;
    return `${token}:${action}`;
  },
});

describe('payment adapter selection', () => {
  test("GetClientToken is asked with the captcha adapter's token for the action 'paymentForm'", async () => {
    const { backend, calls } = fakeBackend();
    expect(await clientTokenSource(backend, captcha('v3-token'))()).toBe('client-token-1');
    expect(PAYMENT_CAPTCHA_ACTION).toBe('paymentForm');
    expect(calls).toEqual([{ name: 'GetClientToken', input: { captchaToken: 'v3-token:paymentForm' } }]);
  });

  test('without a token from the captcha adapter, GetClientToken is asked without one', async () => {
    const { backend, calls } = fakeBackend();
    await clientTokenSource(backend, captcha(new Error('grecaptcha unavailable')))();
    expect(calls).toEqual([{ name: 'GetClientToken', input: {} }]);
  });

  test("a refused GetClientToken fails the adapter's token source (the form then asks for a refresh)", async () => {
    const { backend } = fakeBackend(new CallError(142, 'Please complete the reCaptcha requirements', 'CAPTCHA_FAILED'));
    await expect(clientTokenSource(backend, captcha('t'))()).rejects.toMatchObject({ messageKey: 'CAPTCHA_FAILED' });
  });

  test('the sandbox adapter when the server names it; it needs no client token', async () => {
    const { backend, calls } = fakeBackend();
    const adapter = await loadPaymentAdapter({ adapter: async () => 'sandbox', backend, captcha: captcha('t') });
    expect(adapter.name).toBe('sandbox');
    expect(await adapter.availableWallets()).toEqual({ paypal: true, applePay: true, googlePay: true });
    expect(calls).toEqual([]);
  });

  test('an adapter name the app does not know is a configuration error', async () => {
    const { backend } = fakeBackend();
    await expect(loadPaymentAdapter({ adapter: async () => 'stripe', backend, captcha: captcha('t') })).rejects.toThrow(
      "Unknown payment adapter 'stripe' (expected sandbox or braintree).",
    );
  });

  test('when the client config cannot be read, no adapter is made', async () => {
    const { backend } = fakeBackend();
    await expect(
      loadPaymentAdapter({ adapter: () => Promise.reject(new Error('offline')), backend, captcha: captcha('t') }),
    ).rejects.toThrow('offline');
  });
});
