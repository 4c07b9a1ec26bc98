/** Bot checks ('paymentForm', 'tryClassesRegistration', ...). */
export interface Captcha {
  /** `local`: a visible 'I am not a robot' checkbox; `recaptcha`: invisible (v3), nothing to tick. */
  readonly kind: 'local' | 'recaptcha';
  getToken(action: string): Promise<string>;
}

/** For tests and local runs: deterministic tokens the local server accepts. */
export class LocalCaptcha implements Captcha {
  readonly kind = 'local';
  getToken(action: string): Promise<string> {
    return Promise.resolve(`local-captcha:${action}`);
  }
}
