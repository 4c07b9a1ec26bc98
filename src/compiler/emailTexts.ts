/** Copy keys shown by the app itself or sent by the server, each with the `{placeholders}` it fills in the text. */
export type TextFills = Readonly<Record<string, readonly string[]>>;

/**
 * The emails the server sends, each with its texts in the copy (namespace `emails`:
 * copy/<locale>/emails.yaml, `<email>.subject` and `<email>.body`) and the placeholders the
 * server fills in them. `npm run check` holds the copy to this list as it holds the texts the
 * app shows by itself: each text in the source language (FL506), no placeholder the server does
 * not fill (FL508), none reported unused (FL509); translations like any copy (FL507, FL510).
 * The browser never gets these texts (src/compiler/compile.ts).
 */
export const EMAILS_NAMESPACE = 'emails';

export const emailFills = {
  /** The link to choose a new password (RequestBeginPasswordReset): it works once, for `{minutes}`. */
  passwordReset: ['email', 'link', 'minutes'],
  /** ChangePassword: to the account. */
  passwordChanged: ['email', 'resetUrl'],
  /** VerifyBeginPasswordReset: to the account. */
  passwordResetDone: ['email', 'resetUrl'],
  /** UpdateUserEmail, ChangeUsername: to the new address. */
  emailChanged: ['oldEmail', 'newEmail'],
  /** UpdateUserEmail, ChangeUsername: to the old address (`{newEmail}` masked, as p***@example.com). */
  emailChangedFrom: ['oldEmail', 'newEmail'],
} as const satisfies TextFills;

export type EmailName = keyof typeof emailFills;
export const EMAIL_PARTS = ['subject', 'body'] as const;
export type EmailPart = (typeof EMAIL_PARTS)[number];

export const emailTextKey = (email: EmailName, part: EmailPart) => `${EMAILS_NAMESPACE}:${email}.${part}`;

export const isEmailName = (name: string): name is EmailName => Object.hasOwn(emailFills, name);

/** Every email text the server needs, with the placeholders it fills (src/compiler/runtimeTexts.ts). */
export const emailTexts: TextFills = Object.fromEntries(
  Object.entries(emailFills).flatMap(([email, fills]) => EMAIL_PARTS.map((part) => [emailTextKey(email as EmailName, part), fills])),
);
