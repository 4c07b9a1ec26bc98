/**
 * What the server log must never hold: passwords, session tokens, reset tokens, captcha
 * tokens, payment nonces. Fastify logs only method, URL, host and address of a request by
 * default (no headers, no bodies); these options add pino redaction for anything that logs a
 * header or a body anyway, and cut the query string off logged URLs (Parse's
 * `GET /api/login?username=&password=` would otherwise log the password).
 */
import type { FastifyServerOptions } from 'fastify';

const secretFields = ['password', 'newPassword', 'currentPassword', 'sessionToken', '_SessionToken', 'token', 'captchaToken', 'paymentMethodToken', 'paymentNonce', 'resetToken', 'secret'];

export const redactPaths = [
  'req.headers["x-parse-session-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `body.${field}`, `params.${field}`, `input.${field}`]),
];

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The request as logged: its path without the query string. */
export function serializeRequest(request: LoggedRequest) {
  return { method: request.method, url: request.url.split('?', 1)[0], hostname: request.hostname, remoteAddress: request.ip };
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** `options` plus the redaction: `false` stays off, `true` becomes `{}` first. */
export function withRedaction(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options) return false;
  const base: LoggerOptions = options === true ? {} : options;
  return {
    ...base,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { ...(base as { serializers?: Record<string, unknown> }).serializers, req: serializeRequest },
  } as LoggerOptions;
}
