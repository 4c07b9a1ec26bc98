import type { Captcha } from './captcha.ts';

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** reCAPTCHA v3: the script is added the first time a token is needed, and only then. */
export class RecaptchaV3 implements Captcha {
  readonly kind = 'recaptcha';
  private script: Promise<Grecaptcha> | undefined;
  constructor(
    private readonly siteKey: string,
    private readonly doc: Document = document,
  ) {}
  private load(): Promise<Grecaptcha> {
    this.script ??= new Promise((resolve, reject) => {
      const el = this.doc.createElement('script');
      el.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(this.siteKey)}`;
      el.async = true;
      el.onload = () => {
        const g = (globalThis as { grecaptcha?: Grecaptcha }).grecaptcha;
        if (g) g.ready(() => resolve(g));
        else reject(new Error('reCAPTCHA did not load'));
      };
      el.onerror = () => {
        this.script = undefined;
        reject(new Error('reCAPTCHA did not load'));
      };
      this.doc.head.appendChild(el);
    });
    return this.script;
  }
  async getToken(action: string): Promise<string> {
    const g = await this.load();
    // reCAPTCHA actions allow letters, digits, '/' and '_' only.
    return g.execute(this.siteKey, { action: action.replace(/[^A-Za-z0-9/_]/g, '_') });
  }
}
