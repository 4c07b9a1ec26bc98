/**
 * What the server log must never hold: passwords, session tokens, reset tokens, captcha
 * tokens, payment nonces, parents' email addresses, query strings. Fastify logs only method,
 * URL, host and address of a request by default (no headers, no bodies); these options add pino
 * redaction for anything that logs a header or a body anyway, cut the query string off logged
 * URLs (Parse's `GET /api/login?username=&password=` would otherwise log the password), and
 * scrub errors and messages: PostgreSQL puts the values of a failed statement in an error's
 * `detail` (`Key (email)=(a@b.c) already exists.`), `where`, `hint` and sometimes its message,
 * and Fastify writes raw URLs and error messages into some of its own log lines.
 */
import type { FastifyServerOptions } from 'fastify';

const secretFields = [
  'password',
  'newPassword',
  'currentPassword',
  'sessionToken',
  '_SessionToken',
  'token',
  'captchaToken',
  'paymentMethodToken',
  'paymentNonce',
  'resetToken',
  'secret',
];

export const redactPaths = [
  'req.headers["x-parse-session-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `body.${field}`, `params.${field}`, `input.${field}`]),
];

const REDACTED = '[redacted]';

/** a***@example.com */
export function maskEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  return `${value[0]}***${value.slice(at)}`;
}

/** An address anywhere in a text, also URL-encoded (`a%40b.c`). Bounded parts keep it linear on long texts. */
const EMAIL = /([A-Za-z0-9._%+'-]{1,64})(@|%40)([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,63})/g;
const QUERY = /\?[^\s#"'<>]+/g;
const TOKEN_END = /[\s"'<>]/;

/** Drops a `?…` whose word holds a `/` (a URL or a path: `/api/x?email=…`, `GET:/x?…`); a plain question mark stays. */
function dropQueryStrings(text: string): string {
  return text.replace(QUERY, (query: string, offset: number) => {
    let start = offset;
    while (start > 0 && !TOKEN_END.test(text[start - 1]!)) start--;
    return text.slice(start, offset).includes('/') ? '' : query;
  });
}

/** A logged text with emails masked and query strings removed. */
export function scrubLogText(text: string): string {
  return dropQueryStrings(text).replace(EMAIL, (_match, local: string, at: string, domain: string) => `${local[0]}***${at}${domain}`);
}

/** Fields of a database error (pg, PGlite) that hold the values of the failed statement. */
const statementDetails = new Set(['detail', 'hint', 'where', 'internalQuery', 'query', 'params', 'parameters']);
const MAX_DEPTH = 4;

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubLogText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (value instanceof Error) return scrubError(value, depth);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return scrubFields(Object.entries(value), depth);
}

function scrubFields(entries: [string, unknown][], depth: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of entries) fields[key] = statementDetails.has(key) && value != null ? REDACTED : scrubValue(value, depth + 1);
  return fields;
}

function scrubError(error: Error, depth: number): Record<string, unknown> {
  const own = Object.entries(error).filter(([key]) => !['type', 'message', 'stack'].includes(key));
  const scrubbed: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: scrubLogText(String(error.message)),
    ...(error.stack ? { stack: scrubLogText(error.stack) } : {}),
    ...scrubFields(own, depth),
  };
  if (error.cause !== undefined) scrubbed.cause = scrubValue(error.cause, depth + 1);
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors)) scrubbed.aggregateErrors = errors.map((inner) => scrubValue(inner, depth + 1));
  return scrubbed;
}

/**
 * The `err` of a log line (pino's serializer): type, message, stack and fields, scrubbed; a
 * database error's statement details redacted.
 */
export function serializeError(error: unknown): unknown {
  return scrubValue(error, 0);
}

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
type LogMethod = (...args: unknown[]) => void;

/** `options` plus the redaction: `false` stays off, `true` becomes `{}` first. */
export function withRedaction(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options) return false;
  const base: LoggerOptions = options === true ? {} : options;
  return {
    ...base,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: { ...(base as { serializers?: Record<string, unknown> }).serializers, req: serializeRequest, err: serializeError },
    // Message texts too: Fastify writes raw URLs ("Route GET:/x?… not found") and error messages into its own lines.
    hooks: {
      logMethod(this: unknown, args: unknown[], method: LogMethod) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubLogText(arg) : arg)),
        );
      },
    },
  } as LoggerOptions;
}
