/**
 * The server as a caller sees it, on the test file's database (tests/server/db.ts): calls are
 * posted over Parse's wire format with Fastify's inject. Password hashing is cheaper than in
 * production (the parameters travel with each hash; the ASVS cost is tested on its own), and
 * the outbox is dispatched by hand.
 *
 *   const s = useBackendServer();
 *   const { status, body } = await s.call('UserLogin', { username, password });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { repoRoot } from '../../scripts/lib/build.ts';
import type { CallInput, CallName, CallOutput } from '../../src/contract/index.ts';
import { buildServer } from '../../src/server/app.ts';
import type { BackendOverrides, BackendSettings } from '../../src/server/backend.ts';
import type { Database } from '../../src/server/db/types.ts';
import { checkoutReleaseSource } from '../../src/server/releases/checkoutSource.ts';
import { type TestDatabase, useTestDatabase } from './db.ts';

export const FAST_SCRYPT = { log2N: 10, r: 8, p: 1 };
export const PASSWORD = 'secret-1';

/** An answer to call N: `body.result` is typed as the contract's output of N (present when the status is 200). */
export interface Answer<N extends CallName = CallName> {
  status: number;
  body: { result?: CallOutput<N>; code?: number; error?: string; messageKey?: string } & Record<string, unknown>;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  token?: string | null;
  /** The client address (each call gets its own random one otherwise, so limits stay out of the way). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface BackendServerOptions {
  backend?: Partial<BackendSettings>;
  overrides?: BackendOverrides;
  logger?: FastifyServerOptions['logger'];
  /** Where experiments.yaml is, for the operators' report (default: FUNNELS_DIR); the server serves the repository's release. */
  funnelsDir?: string;
  trustProxy?: boolean;
}

let emails = 0;
/** A new address for every account a test makes. */
export const newEmail = (label = 'parent') => `${label}-${process.pid}-${Date.now().toString(36)}-${++emails}@example.com`;

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export async function startBackendServer(db: Kysely<Database>, o: BackendServerOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backend-test-'));
  const app = await buildServer({
    dataDir,
    db,
    logger: o.logger ?? false,
    backend: { environment: 'test', dispatchOutbox: false, ...o.backend },
    overrides: { passwordParams: FAST_SCRYPT, ...o.overrides },
    ...(o.funnelsDir ? { funnelsDir: o.funnelsDir, releases: checkoutReleaseSource(repoRoot, 'funnels', 'copy') } : {}),
    ...(o.trustProxy ? { trustProxy: o.trustProxy } : {}),
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function client(getApp: () => FastifyInstance) {
  const call = async <N extends CallName>(
    name: N,
    input: CallInput<N> | Record<string, unknown>,
    o: CallOptions = {},
  ): Promise<Answer<N>> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...o.headers };
    if (o.token) headers['x-parse-session-token'] = o.token;
    const response = await getApp().inject({
      method: 'POST',
      url: `/api/functions/${name}`,
      headers,
      payload: JSON.stringify(input),
      remoteAddress: o.ip ?? randomIp(),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  /** Signs up (CreateWebUser) and answers the email, id and session token. */
  const signUp = async (email = newEmail(), password = PASSWORD, extra: Record<string, unknown> = {}) => {
    const answer = await call('CreateWebUser', { username: email, password, captchaToken: 'local-captcha:registration', ...extra });
    if (answer.status !== 200) throw new Error(`signup failed: ${JSON.stringify(answer.body)}`);
    const result = answer.body.result as { id: string; sessionToken: string };
    return { email, password, id: result.id, token: result.sessionToken };
  };

  const logIn = async (email: string, password = PASSWORD, o: CallOptions = {}) => call('UserLogin', { username: email, password }, o);

  return { call, signUp, logIn };
}

/** A server on the file's database for the file's tests. */
export function useBackendServer(o: BackendServerOptions = {}) {
  const t: TestDatabase = useTestDatabase();
  let server: Awaited<ReturnType<typeof startBackendServer>> | undefined;
  beforeAll(async () => {
    server = await startBackendServer(t.db, o);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  const app = () => {
    if (!server) throw new Error('The server is not ready: use it inside tests or hooks.');
    return server.app;
  };
  return {
    t,
    get app() {
      return app();
    },
    get db() {
      return t.db;
    },
    ...client(app),
  };
}
