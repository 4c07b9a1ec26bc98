import { describe, expect, test } from 'vitest';
import { paymentAdapter, readClientConfig, readPaymentAdapter } from '../../../../src/runtime/startup/clientConfig.ts';

const answering =
  (body: unknown, status = 200, delayMs = 0, asked: string[] = []) =>
  (url: string) => {
    asked.push(url);
    return new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(JSON.stringify(body), { status })), delayMs));
  };

describe('the client config at start-up', () => {
  test("the server's answer, asked at {apiBase}/client-config", async () => {
    const asked: string[] = [];
    const body = { captcha: { provider: 'recaptcha', siteKey: 'k' }, payments: { adapter: 'braintree' } };
    expect(await readClientConfig('/api', 1000, answering(body, 200, 0, asked))).toEqual(body);
    expect(asked).toEqual(['/api/client-config']);
  });

  test('nothing when the server fails, errs or is slower than the time limit', async () => {
    expect(await readClientConfig('/api', 1000, answering({ payments: { adapter: 'x' } }, 500))).toEqual({});
    expect(await readClientConfig('/api', 1000, () => Promise.reject(new Error('offline')))).toEqual({});
    expect(await readClientConfig('/api', 20, answering({ payments: { adapter: 'x' } }, 200, 200))).toEqual({});
  });
});

describe('the payment adapter', () => {
  test('the one named at start-up, without asking again', async () => {
    const asked: string[] = [];
    expect(await paymentAdapter({ payments: { adapter: 'braintree' } }, '/api', answering({}, 200, 0, asked))()).toBe('braintree');
    expect(asked).toEqual([]);
  });

  test('else asked when a payment screen needs it, without a time limit; sandbox when the server names none', async () => {
    const asked: string[] = [];
    expect(await paymentAdapter({}, '/api', answering({ payments: { adapter: 'braintree' } }, 200, 50, asked))()).toBe('braintree');
    expect(asked).toEqual(['/api/client-config']);
    expect(await readPaymentAdapter('/api', answering({}))).toBe('sandbox');
    await expect(readPaymentAdapter('/api', answering({}, 503))).rejects.toThrow('client-config answered 503');
  });
});
