/** What the account handlers and the legacy Parse REST routes work with. */
import type { CaptchaVerifier } from '../auth/captcha.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { AccountReads } from './customer.ts';
import type { Db } from './users.ts';

export interface AccountSettings {
  /** Signup needs a captcha token (CAPTCHA_ON_SIGNUP=required, the default); 'optional' checks one only when sent. */
  signupCaptcha: 'required' | 'optional';
  /** The captcha actions a signup token may carry (the funnels' registration forms). */
  signupCaptchaActions: readonly string[];
  /** The trusted country header (GEO_COUNTRY_HEADER), or null: no country. */
  geoCountryHeader: string | null;
  /** The copy's languages: a signup records the parent's among them (the emails are written in it). */
  locales: readonly string[];
}

export interface AccountServices extends AccountReads {
  db: Db;
  passwords: PasswordHasher;
  sessions: SessionStore;
  captcha: CaptchaVerifier;
  settings: AccountSettings;
  now: () => Date;
}

/** The funnels' registration captcha actions: account.yaml, promo.yaml (form name), the class funnels. */
export const DEFAULT_SIGNUP_CAPTCHA_ACTIONS = ['registration', 'promoRegister', 'tryClassesRegistration'] as const;
