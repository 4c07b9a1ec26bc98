/**
 * Server-side bot checks, one verifier per browser captcha adapter (src/adapters/captcha/):
 *
 * - `local` (default): accepts the tokens the browser's LocalCaptcha makes,
 *   `local-captcha:<action>`, for an expected action. For development and tests.
 * - `recaptcha`: reCAPTCHA v3. POSTs the token to Google's siteverify with RECAPTCHA_SECRET and
 *   accepts it when `success` is true, the `action` is an expected one and the `score` is at
 *   least the configured threshold. A network failure or timeout fails closed.
 *
 * Used on signup (CreateWebUser, CreateNewWebUser) and exported for GetClientToken (the
 * payment calls): `captcha.verify(token, ['paymentForm'], ip)`.
 */
import { CallError, ErrorCode, MessageKey } from '../../contract/index.ts';

export type CaptchaProvider = 'local' | 'recaptcha';

export interface CaptchaVerdict {
  ok: boolean;
  /** Why a token was refused (for the log; never shown to the caller). */
  reason?: string;
}

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  verify(token: string | undefined | null, expectedActions: readonly string[], remoteIp?: string): Promise<CaptchaVerdict>;
}

export const LOCAL_CAPTCHA_PREFIX = 'local-captcha:';

export function createLocalCaptchaVerifier(): CaptchaVerifier {
  return {
    provider: 'local',
    async verify(token, expectedActions) {
      if (!token) return { ok: false, reason: 'missing token' };
      if (!token.startsWith(LOCAL_CAPTCHA_PREFIX)) return { ok: false, reason: 'not a local captcha token' };
      const action = token.slice(LOCAL_CAPTCHA_PREFIX.length);
      return expectedActions.includes(action) ? { ok: true } : { ok: false, reason: `unexpected action '${action}'` };
    },
  };
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  secret: string;
  /** Lowest v3 score accepted (0.0 bot … 1.0 human); Google suggests 0.5. */
  minScore: number;
  /** The HTTP boundary; tests pass a fake. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  verifyUrl?: string;
}

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/** The browser adapter turns every other character into '_' (reCAPTCHA's action alphabet). */
const recaptchaAction = (action: string) => action.replace(/[^A-Za-z0-9/_]/g, '_');

export function createRecaptchaVerifier(o: RecaptchaOptions): CaptchaVerifier {
  const doFetch = o.fetch ?? fetch;
  return {
    provider: 'recaptcha',
    async verify(token, expectedActions, remoteIp) {
      if (!token) return { ok: false, reason: 'missing token' };
      const form = new URLSearchParams({ secret: o.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: SiteverifyAnswer;
      try {
        const response = await doFetch(o.verifyUrl ?? RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
        });
        if (!response.ok) return { ok: false, reason: `siteverify answered HTTP ${response.status}` };
        answer = (await response.json()) as SiteverifyAnswer;
      } catch (error) {
        return { ok: false, reason: `siteverify unreachable: ${error instanceof Error ? error.message : String(error)}` };
      }
      if (answer.success !== true)
        return { ok: false, reason: `not successful (${(answer['error-codes'] ?? []).join(', ') || 'no error codes'})` };
      if (!expectedActions.map(recaptchaAction).includes(answer.action ?? ''))
        return { ok: false, reason: `unexpected action '${answer.action ?? ''}'` };
      if (typeof answer.score !== 'number' || answer.score < o.minScore)
        return { ok: false, reason: `score ${answer.score ?? 'missing'} below ${o.minScore}` };
      return { ok: true };
    },
  };
}

export interface CaptchaConfig {
  provider: CaptchaProvider;
  recaptchaSecret: string | null;
  recaptchaMinScore: number;
}

export function createCaptchaVerifier(config: CaptchaConfig, fetchImpl?: typeof fetch): CaptchaVerifier {
  if (config.provider === 'recaptcha') {
    if (!config.recaptchaSecret) throw new Error('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SECRET.');
    return createRecaptchaVerifier({
      secret: config.recaptchaSecret,
      minScore: config.recaptchaMinScore,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  }
  return createLocalCaptchaVerifier();
}

/** The answer a caller gets for a refused bot check ('Please complete the reCaptcha requirements'). */
export const captchaFailed = () =>
  new CallError(ErrorCode.VALIDATION_ERROR, 'Please complete the reCaptcha requirements', MessageKey.captchaFailed);
