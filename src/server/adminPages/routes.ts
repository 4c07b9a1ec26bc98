/**
 * The operators' pages under `/admin`, server-rendered (not the parents' React app):
 *
 *   GET  /admin/login    the login form (sets the login CSRF cookie)
 *   POST /admin/login    form-encoded email, password, csrf → 303 /admin/report with a session cookie
 *   POST /admin/logout   form-encoded csrf (the session's) → 303 /admin/login
 *   GET  /admin/report   the experiments report; without a session 303 /admin/login
 *   GET  /admin/assets/* Chart.js, report.js, the stylesheet (hashed addresses, cached a year)
 *
 * CSRF: the login form is a double submit (a random token in an HttpOnly SameSite=Strict cookie
 * and in a hidden field, compared in constant time); the signed-in forms carry the session's own
 * token, stored with the session. Logins are rate-limited per address and per email
 * (`operatorLogin`), with one answer for an unknown email and a wrong password.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { CallError, ErrorCode } from '../../contract/index.ts';
import { tokensMatch } from '../admin/token.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { RateLimiter } from '../auth/rateLimits.ts';
import { newSecretToken } from '../auth/tokens.ts';
import type { Database } from '../db/types.ts';
import { checkOperatorPassword, normalizeOperatorEmail } from '../operators/accounts.ts';
import { createOperatorSessions, OPERATOR_SESSION_HOURS } from '../operators/sessions.ts';
import { buildReport } from '../report/build.ts';
import { readDeclaredExperiments } from '../report/declaredExperiments.ts';
import { reportPage } from '../report/page.ts';
import { IMMUTABLE } from '../static.ts';
import { ADMIN_ASSETS_PREFIX, loadAdminAssets } from './assets.ts';
import { readCookie, setAdminCookie } from './cookies.ts';
import { FORM_EXPIRED, loginPage, TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from './loginPage.ts';

export interface AdminPagesOptions {
  db: Kysely<Database>;
  passwords: PasswordHasher;
  rateLimiter: RateLimiter;
  /** Where experiments.yaml is (the report lists its experiments). */
  funnelsDir: string;
  now?: () => Date;
}

export const SESSION_COOKIE = 'admin_session';
export const LOGIN_CSRF_COOKIE = 'admin_login_csrf';
const LOGIN_CSRF_SECONDS = 60 * 60;
const FORM_BODY_LIMIT = 8 * 1024;

class WrongCredentials extends Error {}

type Form = Partial<Record<string, string>>;

export async function adminPages(app: FastifyInstance, o: AdminPagesOptions) {
  const assets = loadAdminAssets();
  const sessions = createOperatorSessions(o.db, o.now);
  const stylesheet = assets.stylesheet.url;

  // HTML forms post application/x-www-form-urlencoded; only these routes take it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
  const form = (request: FastifyRequest): Form => (request.body && typeof request.body === 'object' ? (request.body as Form) : {});
  const currentSession = (request: FastifyRequest) => sessions.find(readCookie(request, SESSION_COOKIE) ?? '');

  /** The login form, with the login CSRF token of the cookie (a new one when there is none). */
  const showLogin = (request: FastifyRequest, reply: FastifyReply, status: number, extra: { error?: string; email?: string } = {}) => {
    let csrf = readCookie(request, LOGIN_CSRF_COOKIE);
    if (!csrf || csrf.length > 100) {
      csrf = newSecretToken();
      setAdminCookie(request, reply, LOGIN_CSRF_COOKIE, csrf, LOGIN_CSRF_SECONDS);
    }
    return html(reply, status, loginPage({ stylesheet, csrf, ...extra }));
  };

  app.get('/admin', async (_request, reply) => reply.redirect('/admin/report', 303));

  app.get('/admin/login', async (request, reply) => {
    if (await currentSession(request)) return reply.redirect('/admin/report', 303);
    return showLogin(request, reply, 200);
  });

  app.post('/admin/login', async (request, reply) => {
    const body = form(request);
    const cookie = readCookie(request, LOGIN_CSRF_COOKIE);
    if (!cookie || !body.csrf || !tokensMatch(body.csrf, cookie)) {
      request.log.info('operator login refused: CSRF token missing or wrong');
      const csrf = newSecretToken();
      setAdminCookie(request, reply, LOGIN_CSRF_COOKIE, csrf, LOGIN_CSRF_SECONDS);
      return html(reply, 403, loginPage({ stylesheet, csrf, error: FORM_EXPIRED, email: body.email ?? '' }));
    }
    const email = (body.email ?? '').slice(0, 254);
    const password = (body.password ?? '').slice(0, 1024);
    try {
      const operator = await o.rateLimiter.guard(
        'operatorLogin',
        { ip: request.ip, account: normalizeOperatorEmail(email) || null },
        async () => {
          const found = await checkOperatorPassword(o.db, o.passwords, email, password);
          if (!found) throw new WrongCredentials();
          return found;
        },
        (error) => error instanceof WrongCredentials,
      );
      const token = await sessions.create(operator.id);
      setAdminCookie(request, reply, LOGIN_CSRF_COOKIE, '', 0);
      setAdminCookie(request, reply, SESSION_COOKIE, token, OPERATOR_SESSION_HOURS * 60 * 60);
      request.log.info({ operatorId: operator.id }, 'operator logged in');
      return reply.redirect('/admin/report', 303);
    } catch (error) {
      if (error instanceof WrongCredentials) return showLogin(request, reply, 401, { error: WRONG_CREDENTIALS, email });
      if (error instanceof CallError && error.code === ErrorCode.REQUEST_LIMIT_EXCEEDED) {
        const retryAfter = (error as CallError & { retryAfterSeconds?: number }).retryAfterSeconds;
        if (retryAfter) reply.header('retry-after', String(retryAfter));
        return showLogin(request, reply, 429, { error: TOO_MANY_ATTEMPTS, email });
      }
      throw error;
    }
  });

  app.post('/admin/logout', async (request, reply) => {
    const token = readCookie(request, SESSION_COOKIE) ?? '';
    const session = await sessions.find(token);
    const body = form(request);
    if (session && !(body.csrf && tokensMatch(body.csrf, session.csrfToken)))
      return reply.code(403).type('text/plain; charset=utf-8').send('The form had expired: reload the report and log out again.');
    if (session) await sessions.revoke(token);
    setAdminCookie(request, reply, SESSION_COOKIE, '', 0);
    return reply.redirect('/admin/login', 303);
  });

  app.get('/admin/report', async (request, reply) => {
    const session = await currentSession(request);
    if (!session) return reply.redirect('/admin/login', 303);
    const report = await buildReport(o.db, readDeclaredExperiments(o.funnelsDir), o.now?.());
    return html(
      reply,
      200,
      reportPage(report, {
        stylesheet,
        scripts: [assets.chart.url, assets.report.url],
        operatorEmail: session.email,
        csrf: session.csrfToken,
      }),
    );
  });

  app.get(`${ADMIN_ASSETS_PREFIX}:file`, async (request, reply) => {
    const found = assets.at(request.url.split('?', 1)[0]!);
    if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('cache-control', IMMUTABLE).type(found.contentType).send(found.body);
  });

  // Any other /admin address is not the parents' app (whose history fallback would answer it).
  app.get('/admin/*', async (_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));
}
