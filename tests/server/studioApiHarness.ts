/**
 * The studio API's tests share this: a Fastify app with the API alone (src/server/studio/routes.ts)
 * on the file's test database, the repository's files published as the live release, operators
 * logged in with their session cookie and CSRF token, and `call` as the studio page makes it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/adminPages/routes.ts';
import { createPasswordHasher } from '../../src/server/auth/passwords.ts';
import type { OperatorRole } from '../../src/server/db/types.ts';
import { createOperator } from '../../src/server/operators/accounts.ts';
import { createOperatorSessions } from '../../src/server/operators/sessions.ts';
import { publish } from '../../src/server/releases/service.ts';
import { studioApi } from '../../src/server/studio/routes.ts';
import { CSRF_HEADER, STUDIO_API_PREFIX } from '../../src/server/studio/wire.ts';
import { FAST_SCRYPT } from './backendServer.ts';
import type { useTestDatabase } from './db.ts';
import { REPOSITORY_FILES } from './releaseFixtures.ts';

export interface StudioOperator {
  email: string;
  cookie: string;
  csrf: string;
}

type Method = 'GET' | 'POST' | 'PUT';

export function useStudioApi(t: ReturnType<typeof useTestDatabase>) {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(studioApi, { prefix: STUDIO_API_PREFIX, db: t.db, production: false });
    await publish(t.db, { files: REPOSITORY_FILES, actor: { name: 'deploy', role: 'publisher' }, source: 'deploy' });
  }, 60_000);
  afterAll(() => app?.close());

  return {
    get app() {
      return app;
    },
    /** A new operator with a live session. */
    async operator(email: string, role: OperatorRole): Promise<StudioOperator> {
      const created = await createOperator(t.db, createPasswordHasher(FAST_SCRYPT), { email, password: 'a-long-operator-password', role });
      const cookie = `${SESSION_COOKIE}=${await createOperatorSessions(t.db).create(created.id)}`;
      const session = await app.inject({ method: 'GET', url: `${STUDIO_API_PREFIX}/session`, headers: { cookie } });
      return { email, cookie, csrf: session.json().csrf };
    },
    /** A request of `who`'s, with the CSRF header on writes (`headers` replaces it). */
    call(
      who: StudioOperator,
      method: Method,
      url: string,
      payload?: object,
      headers: Record<string, string> = { [CSRF_HEADER]: who.csrf },
    ) {
      return app.inject({
        method,
        url: `${STUDIO_API_PREFIX}${url}`,
        headers: { cookie: who.cookie, ...(method === 'GET' ? {} : headers) },
        ...(payload ? { payload } : {}),
      });
    },
  };
}
