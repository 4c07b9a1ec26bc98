/**
 * The operators' login form is bound to a pre-session: a random value with its time in an
 * HttpOnly cookie, and in the form's hidden field the HMAC of that value under a key the server
 * instances share (src/server/auth/serverKeys.ts). A cookie and a field made up together do not
 * match, nor does the field of another browser's form; nothing is stored per visit.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** How long a login form (its pre-session) stays good. */
export const LOGIN_FORM_SECONDS = 60 * 60;
/** Clocks of instances may differ a little: a pre-session dated this much ahead is still taken. */
const CLOCK_SKEW_SECONDS = 60;
const PRE_SESSION = /^[A-Za-z0-9_-]{32}\.(\d{1,12})$/;

export interface LoginForms {
  /** A new pre-session: the cookie's value. */
  start(): string;
  /** The token the login form of this pre-session carries; null when the cookie is not one of ours or is too old. */
  tokenOf(preSession: string | null): string | null;
}

export function loginForms(key: Buffer, now: () => Date = () => new Date()): LoginForms {
  const seconds = () => Math.floor(now().getTime() / 1000);
  return {
    start: () => `${randomBytes(24).toString('base64url')}.${seconds()}`,
    tokenOf(preSession) {
      const issued = preSession ? PRE_SESSION.exec(preSession) : null;
      if (!issued) return null;
      const age = seconds() - Number(issued[1]);
      if (age < -CLOCK_SKEW_SECONDS || age > LOGIN_FORM_SECONDS) return null;
      return createHmac('sha256', key).update(`operator login form\n${preSession}`).digest('base64url');
    },
  };
}
