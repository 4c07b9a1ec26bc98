/**
 * The default outbox adapter: writes one line per message to the server log instead of
 * sending it anywhere. It logs the kind, the name and a summary with the email address masked,
 * and for one of the server's emails its language and subject as rendered (src/server/email/),
 * never its body, the payload's free-form fields or a secret — with one exception for
 * development: the password-reset email's link (/reset-password?token=...) is printed so a
 * developer can follow it. In production (NODE_ENV=production) the link, and so the token, is
 * never logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { maskEmail } from '../auth/redaction.ts';
import type { EmailRenderer } from '../email/render.ts';
import type { OutboxAdapter, OutboxDelivery } from './outbox.ts';

export interface LogAdapterOptions {
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Print development conveniences (the reset link). Never in production. */
  development: boolean;
  /** The server's emails as sent: the subject goes in the line. */
  emails: EmailRenderer;
}

function summary(message: OutboxDelivery): Record<string, unknown> {
  const p = message.payload;
  const email = maskEmail(p.to ?? p.email ?? p.newEmail);
  const base: Record<string, unknown> = { outboxId: message.id, kind: message.kind, name: message.name };
  if (email) base.email = email;
  if (typeof p.eventName === 'string') base.eventName = p.eventName;
  if (typeof p.event_name === 'string') base.eventName = p.event_name;
  return base;
}

export function createLogOutboxAdapter(o: LogAdapterOptions): OutboxAdapter {
  return {
    async deliver(message) {
      const email = o.emails.render(message);
      if (!email) {
        o.log.info(summary(message), `outbox (log adapter): ${message.kind} ${message.name}`);
        return;
      }
      const line = { ...summary(message), locale: email.locale, subject: email.subject };
      if (message.name === 'passwordReset' && o.development && message.secret) {
        // A field, not the message: message texts lose their query strings (auth/redaction.ts).
        o.log.info(
          { ...line, developmentLink: o.emails.resetLink(message.secret) },
          `outbox (log adapter): email ${message.name} "${email.subject}" (development: follow developmentLink)`,
        );
        return;
      }
      o.log.info(line, `outbox (log adapter): email ${message.name} "${email.subject}"`);
    },
  };
}
