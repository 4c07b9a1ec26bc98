/**
 * Parse Server's legacy REST routes for users, in Parse's shapes, so that the browser's legacy
 * login (`POST {apiBase}/login`, unified login off) and the official `parse` SDK
 * (`Parse.User.logIn`, `Parse.User.become`, `Parse.User.logOut`) work against this server:
 *
 *   POST /api/login      {username, password}            → the user with its sessionToken
 *   GET  /api/users/me   X-Parse-Session-Token           → the user, or 209 'Invalid session token'
 *   POST /api/logout     X-Parse-Session-Token           → {}
 *
 * The SDK sends every request as a POST with a text/plain JSON body carrying `_method` ('GET'
 * for logIn and become), `_ApplicationId` and `_SessionToken`: those are read like headers.
 * Login is rate-limited like UserLogin. Credentials never travel in an address, where proxies
 * and browsers keep them: Parse's original `GET /api/login?username=&password=` answers 405, and
 * a POST with `username` or `password` in its query string 400, both code 119 (no SDK of ours
 * sends either: docs/decisions.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CallError, ErrorCode, failureOnWire, textProblem } from '../../contract/index.ts';
import { API_PREFIX } from '../../contract/wire.ts';
import type { RateLimiter } from '../auth/rateLimits.ts';
import { sendCallError } from '../errorAnswers.ts';
import { invalidSession, isInvalidCredentials, readParseBody } from '../functions.ts';
import { logIn, parseUserJson } from './login.ts';
import { findUserById } from './repository.ts';
import type { AccountServices } from './services.ts';

export interface ParseRestOptions {
  services: AccountServices;
  rateLimiter: RateLimiter;
}

/** A query parameter sent twice arrives as a list. */
type Query = Record<string, string | string[] | undefined>;

/** The contract's rule for text (src/contract/safeText.ts), for these routes outside the contract. */
function refuseUnsafeText(fields: Record<string, string>) {
  for (const [field, value] of Object.entries(fields)) {
    const problem = textProblem(value);
    if (problem) throw new CallError(ErrorCode.VALIDATION_ERROR, `Invalid parameters for login: ${field}: ${problem}`);
  }
}

const credentialsInAddress = () =>
  new CallError(
    ErrorCode.OPERATION_FORBIDDEN,
    `Credentials are not accepted in an address: send username and password in the body of a POST to ${API_PREFIX}/login.`,
  );

function readRequest(request: FastifyRequest) {
  const body = readParseBody(request);
  if (!body) throw new CallError(ErrorCode.INVALID_JSON, 'Invalid JSON');
  return body;
}

export async function parseRestRoutes(app: FastifyInstance, opts: ParseRestOptions) {
  const s = opts.services;

  const handle = (fn: (request: FastifyRequest) => Promise<unknown>) => async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    try {
      return await fn(request);
    } catch (error) {
      if (error instanceof CallError) return sendCallError(reply, error);
      throw error;
    }
  };

  const login = handle(async (request) => {
    const query = (request.query ?? {}) as Query;
    if (query.username !== undefined || query.password !== undefined) throw credentialsInAddress();
    const { params } = readRequest(request);
    const username: unknown = params.username;
    const password: unknown = params.password;
    if (!username) throw new CallError(200, 'username/email is required.');
    if (!password) throw new CallError(201, 'password is required.');
    // As Parse answers: a list (a query parameter sent twice) or an object is no username or password.
    if (typeof username !== 'string' || typeof password !== 'string' || username.length > 254 || password.length > 128)
      throw new CallError(ErrorCode.OBJECT_NOT_FOUND, 'Invalid username/password.');
    refuseUnsafeText({ username, password });
    const { user, sessionToken } = await opts.rateLimiter.guard(
      'login',
      { ip: request.ip, account: username },
      // The apps are never a release preview: a test account does not log in to them.
      () => logIn(s, username, password, { inPreview: false }),
      isInvalidCredentials,
    );
    return parseUserJson(user, sessionToken);
  });

  const me = handle(async (request) => {
    const { sessionToken } = readRequest(request);
    const authUser = sessionToken ? await s.sessions.authenticate(sessionToken) : null;
    const user = authUser && !authUser.testData ? await findUserById(s.db, authUser.id) : undefined;
    if (!user || !sessionToken) throw invalidSession();
    return parseUserJson(user, sessionToken);
  });

  const logout = handle(async (request) => {
    const { sessionToken } = readRequest(request);
    if (sessionToken) await s.sessions.revoke(sessionToken);
    return {};
  });

  app.post('/login', login);
  app.get('/login', async (_request, reply) =>
    reply.code(405).header('allow', 'POST').header('cache-control', 'no-store').send(failureOnWire(credentialsInAddress())),
  );
  app.get('/users/me', me);
  app.post('/users/me', me);
  app.post('/logout', logout);
}
