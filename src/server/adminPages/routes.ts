/**
 * The operators' pages under `/admin`, server-rendered (not the parents' React app):
 *
 *   GET  /admin/login    the login form (sets the login CSRF cookie)
 *   POST /admin/login    form-encoded email, password, csrf → 303 /admin/report with a session cookie
 *   POST /admin/logout   form-encoded csrf (the session's) → 303 /admin/login
 *   GET  /admin/report   the experiments report (`?release=N`: on release N only); without a session 303 /admin/login
 *   GET  /admin/studio   the studio (editors and publishers edit a draft's files); without a session 303 /admin/login
 *   GET  /admin/assets/* Chart.js, report.js, the stylesheet (hashed addresses, cached a year)
 *   GET  /admin/studio/assets/*  the studio's built code (src/server/studio/page/assets.ts)
 *
 * CSRF: the login form's token is bound to a pre-session (its cookie; ./loginForms.ts), the
 * signed-in forms carry the session's own token, stored with the session; both are compared in
 * constant time. Cookies: ./cookies.ts (`__Host-` and Secure in production). Logins are
 * rate-limited per address and per email (`operatorLogin`), with one answer for an unknown email
 * and a wrong password.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { CallError, ErrorCode } from '../../contract/index.ts';
import { tokensMatch } from '../admin/token.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { RateLimiter } from '../auth/rateLimits.ts';
import { serverKey } from '../auth/serverKeys.ts';
import type { Database } from '../db/types.ts';
import { checkOperatorPassword, normalizeOperatorEmail } from '../operators/accounts.ts';
import { createOperatorSessions, OPERATOR_SESSION_HOURS } from '../operators/sessions.ts';
import { buildReport, reportRelease } from '../report/build.ts';
import { readDeclaredExperiments } from '../report/declaredExperiments.ts';
import { reportPage } from '../report/page.ts';
import { studioContentSecurityPolicy } from '../security.ts';
import { IMMUTABLE } from '../static.ts';
import { readStudioBundle, studioAssetRoutes } from '../studio/page/assets.ts';
import { studioPage } from '../studio/page/page.ts';
import { ADMIN_ASSETS_PREFIX, loadAdminAssets } from './assets.ts';
import { adminCookies } from './cookies.ts';
import { LOGIN_FORM_SECONDS, loginForms } from './loginForms.ts';
import { FORM_EXPIRED, loginPage, TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from './loginPage.ts';

export interface AdminPagesOptions {
  db: Kysely<Database>;
  passwords: PasswordHasher;
  rateLimiter: RateLimiter;
  /** Where experiments.yaml is (the report lists its experiments). */
  funnelsDir: string;
  /** The built app, whose `.studio/` holds the studio's code (src/server/studio/page/assets.ts); null: no studio. */
  distDir: string | null;
  /** NODE_ENV=production: `__Host-` cookies, always Secure (./cookies.ts). */
  production: boolean;
  now?: () => Date;
}

/** The cookies' names (`__Host-` before them in production). */
export const SESSION_COOKIE = 'admin_session';
export const PRE_SESSION_COOKIE = 'admin_login';
const FORM_BODY_LIMIT = 8 * 1024;

class WrongCredentials extends Error {}

type Form = Partial<Record<string, string>>;

export async function adminPages(app: FastifyInstance, o: AdminPagesOptions) {
  const assets = loadAdminAssets();
  const sessions = createOperatorSessions(o.db, o.now);
  const cookies = adminCookies({ production: o.production });
  const forms = loginForms(await serverKey(o.db, 'operator-login-form'), o.now);
  const stylesheet = assets.stylesheet.url;
  const studio = readStudioBundle(o.distDir);
  if (o.distDir) await app.register(studioAssetRoutes, { distDir: o.distDir });

  // HTML forms post application/x-www-form-urlencoded; only these routes take it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
  const form = (request: FastifyRequest): Form => (request.body && typeof request.body === 'object' ? (request.body as Form) : {});
  const currentSession = (request: FastifyRequest) => sessions.find(cookies.read(request, SESSION_COOKIE) ?? '');

  /** A new pre-session in its cookie; answers its form's token. */
  const newLoginForm = (request: FastifyRequest, reply: FastifyReply): string => {
    const preSession = forms.start();
    cookies.set(request, reply, PRE_SESSION_COOKIE, preSession, LOGIN_FORM_SECONDS);
    return forms.tokenOf(preSession)!;
  };

  /** The login form, with the token of the browser's pre-session (a new one when it has none, or an old one). */
  const showLogin = (request: FastifyRequest, reply: FastifyReply, status: number, extra: { error?: string; email?: string } = {}) => {
    const csrf = forms.tokenOf(cookies.read(request, PRE_SESSION_COOKIE)) ?? newLoginForm(request, reply);
    return html(reply, status, loginPage({ stylesheet, csrf, ...extra }));
  };

  app.get('/admin', async (_request, reply) => reply.redirect('/admin/report', 303));

  app.get('/admin/login', async (request, reply) => {
    if (await currentSession(request)) return reply.redirect('/admin/report', 303);
    return showLogin(request, reply, 200);
  });

  app.post('/admin/login', async (request, reply) => {
    const body = form(request);
    const expected = forms.tokenOf(cookies.read(request, PRE_SESSION_COOKIE));
    if (!expected || !body.csrf || !tokensMatch(body.csrf, expected)) {
      request.log.info('operator login refused: CSRF token missing or not bound to the pre-session cookie');
      const csrf = newLoginForm(request, reply);
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
      cookies.set(request, reply, PRE_SESSION_COOKIE, '', 0);
      cookies.set(request, reply, SESSION_COOKIE, token, OPERATOR_SESSION_HOURS * 60 * 60);
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
    const token = cookies.read(request, SESSION_COOKIE) ?? '';
    const session = await sessions.find(token);
    const body = form(request);
    if (session && !(body.csrf && tokensMatch(body.csrf, session.csrfToken)))
      return reply.code(403).type('text/plain; charset=utf-8').send('The form had expired: reload the report and log out again.');
    if (session) await sessions.revoke(token);
    cookies.set(request, reply, SESSION_COOKIE, '', 0);
    return reply.redirect('/admin/login', 303);
  });

  app.get('/admin/report', async (request, reply) => {
    const session = await currentSession(request);
    if (!session) return reply.redirect('/admin/login', 303);
    // `?release=N`: what happened on release N only.
    const release = reportRelease((request.query as { release?: unknown }).release);
    const report = await buildReport(o.db, readDeclaredExperiments(o.funnelsDir), o.now?.(), release);
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

  app.get('/admin/studio', async (request, reply) => {
    const session = await currentSession(request);
    if (!session) return reply.redirect('/admin/login', 303);
    reply.header('content-security-policy', studioContentSecurityPolicy);
    return html(
      reply,
      200,
      studioPage({ stylesheet, bundle: studio, operatorEmail: session.email, role: session.role, csrf: session.csrfToken }),
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
