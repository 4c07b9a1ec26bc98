import { afterEach, describe, expect, test } from 'vitest';
import { chooseCaptcha, recaptchaSiteKey } from '../../../../src/runtime/startup/captcha.ts';

describe('the bot check', () => {
  test("the build's site key first, else the one the server names for reCAPTCHA, else none", () => {
    expect(recaptchaSiteKey('build-key', { provider: 'recaptcha', siteKey: 'server-key' })).toBe('build-key');
    expect(recaptchaSiteKey(undefined, { provider: 'recaptcha', siteKey: 'server-key' })).toBe('server-key');
    expect(recaptchaSiteKey('', { provider: 'local', siteKey: 'server-key' })).toBeUndefined();
    expect(recaptchaSiteKey(undefined, undefined)).toBeUndefined();
  });

  test('no site key: the local check, whose tokens the local server accepts', async () => {
    const captcha = await chooseCaptcha(undefined);
    expect(captcha.kind).toBe('local');
    expect(await captcha.getToken('paymentForm')).toBe('local-captcha:paymentForm');
  });

  describe('with a site key', () => {
    const g = globalThis as { document?: unknown };
    afterEach(() => {
      delete g.document;
    });

    test('reCAPTCHA v3, whose script is not added before a token is asked for', async () => {
      const added: unknown[] = [];
      g.document = { createElement: () => ({}), head: { appendChild: (el: unknown) => added.push(el) } };
      const captcha = await chooseCaptcha('site-key');
      expect(captcha.kind).toBe('recaptcha');
      expect(added).toEqual([]);
    });

    test('the local check when reCAPTCHA cannot be set up', async () => {
      expect((await chooseCaptcha('site-key')).kind).toBe('local');
    });
  });
});
