/**
 * The release endpoints (`npm run release` talks to them), mounted twice:
 *
 * - under /api/admin (src/server/admin/routes.ts): loopback and the admin token, as the other
 *   operators' CLIs on this machine; whoever can read DATA_DIR can open the database, so they act
 *   as a publisher, named after the system user the CLI says it runs as;
 * - under /api (`operatorReleaseRoutes`: /api/releases…): from anywhere, with an operator's email and
 *   password (HTTP Basic, over HTTPS), acting with that operator's role.
 *
 * The paths and what each answers are listed in ./endpoints.ts (RELEASE_ENDPOINTS).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CallError, ErrorCode } from '../../contract/index.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { RateLimiter } from '../auth/rateLimits.ts';
import type { Database } from '../db/types.ts';
import { checkOperatorPassword, normalizeOperatorEmail } from '../operators/accounts.ts';
import { RELEASE_ENDPOINTS, type ReleaseList } from './endpoints.ts';
import { diffFiles } from './lineDiff.ts';
import { ReleaseRefusal } from './refusal.ts';
import { readReleaseState } from './repository.ts';
import { type Actor, deleteDraft, listReleaseSummaries, publish, publishDraft, releaseFiles, rollback } from './service.ts';

const TOO_MANY_WRONG_PASSWORDS = 'Too many wrong passwords: wait a while, then try again.';

const filesSchema = z.record(z.string().max(500), z.string().max(2_000_000));
const publishBody = z.object({
  files: filesSchema,
  message: z.string().max(2000).optional(),
  draft: z.boolean().optional(),
  force: z.boolean().optional(),
  baseId: z.number().int().positive().nullable().optional(),
  /** Who runs the CLI on this machine (loopback only; an operator is named by their login). */
  author: z.string().min(1).max(200).optional(),
});
const rollbackBody = z.object({
  to: z.number().int().positive().optional(),
  force: z.boolean().optional(),
  author: z.string().min(1).max(200).optional(),
});
const publishDraftBody = z.object({
  id: z.number().int().positive(),
  force: z.boolean().optional(),
  author: z.string().min(1).max(200).optional(),
});
const deleteBody = z.object({ id: z.number().int().positive(), author: z.string().min(1).max(200).optional() });

export interface ReleaseEndpointsOptions {
  db: Kysely<Database>;
  /** Who asks; `named` is the author the body gives (honoured only where the caller is trusted to say). */
  actorOf(request: FastifyRequest, named: string | undefined): Promise<Actor>;
}

/** The HTTP status of each refusal (the studio's API answers them the same: src/server/studio/routes.ts). */
export const REFUSAL_STATUS: Record<ReleaseRefusal['reason'], number> = {
  check: 422,
  conflict: 409,
  experiment: 409,
  role: 403,
  'not-found': 404,
  invalid: 400,
};

function parsed<T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | undefined {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  void reply.code(400).send({ error: result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });
  return undefined;
}

const releaseId = (value: string): number | 'live' | null =>
  value === 'live' ? 'live' : /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

export async function releaseEndpoints(app: FastifyInstance, options: ReleaseEndpointsOptions) {
  const { db } = options;
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof ReleaseRefusal)
      return reply.code(REFUSAL_STATUS[error.reason]).send({ error: error.message, reason: error.reason });
    if (error instanceof CallError && error.code === ErrorCode.REQUEST_LIMIT_EXCEEDED) {
      const retryAfter = (error as CallError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      return reply.code(429).send({ error: TOO_MANY_WRONG_PASSWORDS });
    }
    if (error.statusCode && error.statusCode < 500) return reply.code(error.statusCode).send({ error: error.message });
    request.log.error({ err: error }, 'release request failed');
    return reply.code(500).send({ error: 'The release request failed on the server; its log says why.' });
  });

  app.post(RELEASE_ENDPOINTS.releases, { bodyLimit: 16 * 1024 * 1024 }, async (request, reply) => {
    const body = parsed(publishBody, request.body, reply);
    if (!body) return reply;
    const actor = await options.actorOf(request, body.author);
    const result = await publish(db, {
      files: body.files,
      actor,
      source: 'cli',
      ...(body.message !== undefined ? { message: body.message } : {}),
      ...(body.draft !== undefined ? { draft: body.draft } : {}),
      ...(body.force !== undefined ? { force: body.force } : {}),
      ...(body.baseId !== undefined ? { baseId: body.baseId } : {}),
    });
    request.log.info({ release: result.id, draft: result.draft, unchanged: result.unchanged, actor: actor.name }, 'release published');
    return result;
  });

  app.post(RELEASE_ENDPOINTS.publishDraft, async (request, reply) => {
    const body = parsed(publishDraftBody, request.body, reply);
    if (!body) return reply;
    const actor = await options.actorOf(request, body.author);
    const result = await publishDraft(db, { id: body.id, actor, ...(body.force !== undefined ? { force: body.force } : {}) });
    request.log.info({ release: result.id, previous: result.previousLiveId, actor: actor.name }, 'draft published');
    return result;
  });

  app.post(RELEASE_ENDPOINTS.rollback, async (request, reply) => {
    const body = parsed(rollbackBody, request.body, reply);
    if (!body) return reply;
    const actor = await options.actorOf(request, body.author);
    const result = await rollback(db, {
      actor,
      ...(body.to !== undefined ? { to: body.to } : {}),
      ...(body.force !== undefined ? { force: body.force } : {}),
    });
    request.log.info({ release: result.id, previous: result.previousLiveId, actor: actor.name }, 'release rolled back');
    return result;
  });

  app.post(RELEASE_ENDPOINTS.deleteDraft, async (request, reply) => {
    const body = parsed(deleteBody, request.body, reply);
    if (!body) return reply;
    await deleteDraft(db, { id: body.id, actor: await options.actorOf(request, body.author) });
    return { id: body.id };
  });

  app.get(RELEASE_ENDPOINTS.releases, async (request): Promise<ReleaseList> => {
    await options.actorOf(request, undefined);
    const state = await readReleaseState(db);
    return { releases: await listReleaseSummaries(db), liveId: state?.liveId ?? null, deployedId: state?.deployedId ?? null };
  });

  app.get(RELEASE_ENDPOINTS.diff, async (request, reply) => {
    await options.actorOf(request, undefined);
    const query = request.query as { from?: string; to?: string };
    const from = releaseId(query.from ?? 'live');
    const to = releaseId(query.to ?? 'live');
    if (from === null || to === null) return reply.code(400).send({ error: 'from and to are release ids (or live).' });
    const [a, b] = await Promise.all([releaseFiles(db, from), releaseFiles(db, to)]);
    return { from: a.id, to: b.id, diff: diffFiles(a.files, b.files) };
  });

  app.get(RELEASE_ENDPOINTS.files, async (request, reply) => {
    await options.actorOf(request, undefined);
    const id = releaseId((request.params as { id: string }).id);
    if (id === null) return reply.code(400).send({ error: 'A release id is a number, or live.' });
    return releaseFiles(db, id);
  });
}

/** An operator's `Authorization: Basic base64(email:password)`, or null. */
function basicCredentials(request: FastifyRequest): { email: string; password: string } | null {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon <= 0 ? null : { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

class Unauthorized extends Error {
  statusCode = 401;
}
const unauthorized = () => new Unauthorized("An operator's email and password are needed (RELEASE_EMAIL and RELEASE_PASSWORD, or typed).");

/**
 * The release endpoints for operators on another machine: every request carries the operator's email and password,
 * checked under the `operatorCredentials` rate limits (wrong passwords refused per operator and per address, as the
 * /admin login form's are: tests/server/releases-http.test.ts).
 */
export async function operatorReleaseRoutes(
  app: FastifyInstance,
  options: { db: Kysely<Database>; passwords: PasswordHasher; rateLimiter: RateLimiter },
) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await releaseEndpoints(app, {
    db: options.db,
    async actorOf(request) {
      const credentials = basicCredentials(request);
      if (!credentials) throw unauthorized();
      const operator = await options.rateLimiter.guard(
        'operatorCredentials',
        { ip: request.ip, account: normalizeOperatorEmail(credentials.email) || null },
        async () => {
          const found = await checkOperatorPassword(options.db, options.passwords, credentials.email, credentials.password);
          if (!found) throw unauthorized();
          return found;
        },
        (error) => error instanceof Unauthorized,
      );
      return { name: operator.email, role: operator.role };
    },
  });
}
