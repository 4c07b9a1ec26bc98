/**
 * The emails of the outbox as they are sent: a message of kind `email` named after one of the
 * emails of src/compiler/emailTexts.ts is written in the language its payload names (`locale`;
 * none: the default one), with the values the server fills: the addresses of its payload, the
 * site's links (PUBLIC_URL), and the reset link made from the message's secret at delivery (never
 * stored in a payload). An email adapter sends what this renders; the log adapter prints its subject.
 */
import type { EmailName } from '../../compiler/emailTexts.ts';
import { isEmailName } from '../../compiler/emailTexts.ts';
import { maskEmail } from '../auth/redaction.ts';
import type { OutboxDelivery } from '../outbox/repository.ts';
import type { EmailTexts, RenderedText } from './texts.ts';

export interface RenderedEmail extends RenderedText {
  to: string;
}

export interface EmailRenderer {
  /** The email as sent; null for a message that is not one of the server's emails (or whose secret is gone). */
  render(message: Pick<OutboxDelivery, 'kind' | 'name' | 'payload' | 'secret'>): RenderedEmail | null;
  /** The reset email's link for a token: /reset-password?token=… on the site (PUBLIC_URL). */
  resetLink(token: string): string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function createEmailRenderer(texts: EmailTexts, o: { publicUrl: string }): EmailRenderer {
  const site = o.publicUrl.replace(/\/+$/, '');
  const resetLink = (token: string) => `${site}/reset-password?token=${encodeURIComponent(token)}`;
  /** Where a parent asks for a reset link. */
  const requestResetUrl = `${site}/request-password-reset`;
  /** Each email's values from its message; null when one cannot be had. */
  const valuesOf: Record<EmailName, (p: Record<string, unknown>, secret: string | null) => Record<string, string> | null> = {
    passwordReset: (p, secret) =>
      secret === null ? null : { email: text(p.to), link: resetLink(secret), minutes: String(p.expiresInMinutes) },
    passwordChanged: (p) => ({ email: text(p.to), resetUrl: requestResetUrl }),
    passwordResetDone: (p) => ({ email: text(p.to), resetUrl: requestResetUrl }),
    emailChanged: (p) => ({ oldEmail: text(p.oldEmail), newEmail: text(p.newEmail) }),
    // The old address may no longer be the parent's: it learns that the address changed, not to what.
    emailChangedFrom: (p) => ({ oldEmail: text(p.oldEmail), newEmail: maskEmail(p.newEmail) ?? '' }),
  };
  return {
    resetLink,
    render(message) {
      if (message.kind !== 'email' || !isEmailName(message.name) || typeof message.payload.to !== 'string') return null;
      const values = valuesOf[message.name](message.payload, message.secret);
      if (!values) return null;
      const locale = typeof message.payload.locale === 'string' ? message.payload.locale : null;
      return { to: message.payload.to, ...texts.render(message.name, locale, values) };
    },
  };
}
