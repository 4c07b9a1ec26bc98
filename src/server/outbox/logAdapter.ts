/**
 * The default outbox adapter: writes one line per message to the server log instead of
 * sending it anywhere. It logs the kind, the name and a summary with the email address masked, never
 * the payload's free-form fields or a secret — with one exception for development: the
 * password-reset email's link (/reset-password?token=...) is printed so a developer can follow
 * it. In production (NODE_ENV=production) the link, and so the token, is never logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { maskEmail } from '../auth/redaction.ts';
import type { OutboxAdapter, OutboxDelivery } from './outbox.ts';

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

export interface LogAdapterOptions {
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Print development conveniences (the reset link). Never in production. */
  development: boolean;
  /** The site's address, for links in emails (PUBLIC_URL). */
  publicUrl: string;
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
      if (message.kind === 'email' && message.name === 'passwordReset' && o.development && message.secret) {
        // A field, not the message: message texts lose their query strings (auth/redaction.ts).
        o.log.info(
          { ...summary(message), developmentLink: resetLink(o.publicUrl, message.secret) },
          'outbox (log adapter): password reset email (development: follow developmentLink)',
        );
        return;
      }
      o.log.info(summary(message), `outbox (log adapter): ${message.kind} ${message.name}`);
    },
  };
}
