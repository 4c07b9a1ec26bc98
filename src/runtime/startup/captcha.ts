import { type Captcha, LocalCaptcha } from '../../adapters/captcha/captcha.ts';
import type { ClientConfig } from './clientConfig.ts';

/** The reCAPTCHA v3 site key: the build's (VITE_RECAPTCHA_SITE_KEY), else the one the server's client config names. */
export function recaptchaSiteKey(buildKey: string | undefined, remote: ClientConfig['captcha']): string | undefined {
  if (buildKey) return buildKey;
  return remote?.provider === 'recaptcha' && remote.siteKey ? remote.siteKey : undefined;
}

/** reCAPTCHA v3 when a site key is configured (its code and script load only then), else the local check. */
export async function chooseCaptcha(siteKey: string | undefined): Promise<Captcha> {
  if (!siteKey) return new LocalCaptcha();
  try {
    const { RecaptchaV3 } = await import('../../adapters/captcha/recaptcha.ts');
    return new RecaptchaV3(siteKey);
  } catch {
    return new LocalCaptcha();
  }
}
