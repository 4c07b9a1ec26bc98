/**
 * The studio's server API: what the `/admin/studio` page calls to edit a draft's funnels/ and
 * copy/ in the browser (docs/releases.md, "Studio API"). Under /admin, so that the operator's
 * /admin session cookie (Path=/admin outside production) reaches it:
 *
 *   GET  /admin/studio/api/session                     → { email, role, csrf }
 *   GET  /admin/studio/api/workspaces                  → { workspaces: WorkspaceSummary[] }
 *   POST /admin/studio/api/workspaces                  { from?: releaseId | 'live' } → 201 WorkspaceSummary
 *   GET  /admin/studio/api/workspaces/:id              → WorkspaceSummary & { bytes, folders: [{ path, files: FileEntry[] }] }
 *   GET  /admin/studio/api/workspaces/:id/file?path=P  → { path, text, version, updatedBy, updatedAt } (ETag: "version")
 *   PUT  /admin/studio/api/workspaces/:id/file         { path, text, baseVersion: string | null } → { path, version, unchanged }
 *                                                      409 { reason: 'conflict', path, yours: { text, baseVersion },
 *                                                            theirs: { text, version, savedBy, savedAt } | null }
 *   POST /admin/studio/api/workspaces/:id/check        { path?, text? } → { hash, ok, errors, warnings, diagnostics: StudioDiagnostic[] }
 *                                                      (with the open file's unsaved text in place of its saved one when given)
 *                                                      (file, line, column, end, severity, code, message, docs: ./diagnostics.ts)
 *   GET  /admin/studio/api/workspaces/:id/diff         → { liveId, baseId, changes, diff, experiments: { warnings, refusals } | null }
 *   POST /admin/studio/api/workspaces/:id/preview      { path?, text? } → { releaseId, previewToken, previewUrl }
 *   POST /admin/studio/api/workspaces/:id/publish      { message, force? } → PublishResult & { workspace } (publishers)
 *   …    /admin/studio/api/workspaces/:id/texts…       the Texts view's: a language's texts, saved, exported, imported (./textsRoutes.ts)
 *   GET  /admin/studio/api/releases                    → { releases: ReleaseSummary[], liveId, deployedId }
 *   POST /admin/studio/api/releases/rollback           { to?, force? } → LiveChangeResult (publishers)
 *
 * Every request needs a live operator session (401 otherwise); every write (POST, PUT) also the
 * session's CSRF token in the `X-CSRF-Token` header (403 otherwise), the token /session answers.
 * Refusals answer `{ error, reason }`: the releases service's (check 422, conflict and experiment
 * 409, role 403, not-found 404) and the studio's (invalid-path 400, too-large 413, unsafe-yaml
 * 422, conflict and published 409). tests/server/studio-api.test.ts calls each. The editor's own endpoints
 * (schemas, live preview) are in ./editorRoutes.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { tokensMatch } from '../admin/token.ts';
import { adminCookies } from '../adminPages/cookies.ts';
import { SESSION_COOKIE } from '../adminPages/routes.ts';
import type { Database } from '../db/types.ts';
import type { LiveOperatorSession } from '../operators/repository.ts';
import { createOperatorSessions } from '../operators/sessions.ts';
import { ReleaseRefusal } from '../releases/refusal.ts';
import { readReleaseState } from '../releases/repository.ts';
import { REFUSAL_STATUS } from '../releases/routes.ts';
import { type Actor, listReleaseSummaries, rollback } from '../releases/service.ts';
import { editorRoutes, overlayOf } from './editorRoutes.ts';
import { MAX_FILE_BYTES } from './files.ts';
import { funnelRoutes } from './funnelRoutes.ts';
import { HttpAnswer, parsed, workspaceIdOf } from './requests.ts';
import {
  checkWorkspace,
  createWorkspace,
  diffWorkspace,
  previewWorkspace,
  publishWorkspace,
  readWorkspaceFile,
  StudioRefusal,
  type StudioRefusalReason,
  saveFile,
  workspaceList,
  workspaceTree,
} from './service.ts';
import { studioTextsRoutes } from './textsRoutes.ts';
import { CSRF_HEADER, STUDIO_API_PREFIX } from './wire.ts';

const STUDIO_STATUS: Record<StudioRefusalReason, number> = {
  'invalid-path': 400,
  'too-large': 413,
  'unsafe-yaml': 422,
  'not-found': 404,
  conflict: 409,
  published: 409,
  'invalid-params': 422,
  exists: 409,
  'translation-refused': 422,
  'no-such-language': 404,
};

const releaseRef = z.union([z.literal('live'), z.number().int().positive()]);
const createBody = z.object({ from: releaseRef.optional() }).strict();
const pathField = z.string().min(1).max(200);
// The text's size is the service's to refuse (413, in bytes); the body limit bounds what is parsed at all.
const saveBody = z
  .object({
    path: pathField,
    text: z.string(),
    baseVersion: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
  })
  .strict();
const publishBody = z.object({ message: z.string().trim().min(1).max(2000), force: z.boolean().optional() }).strict();
const rollbackBody = z.object({ to: z.number().int().positive().optional(), force: z.boolean().optional() }).strict();

declare module 'fastify' {
  interface FastifyRequest {
    operatorSession?: LiveOperatorSession;
  }
}

export interface StudioApiOptions {
  db: Kysely<Database>;
  /** NODE_ENV=production: the session cookie is `__Host-admin_session` (src/server/adminPages/cookies.ts). */
  production: boolean;
  now?: () => Date;
}

export async function studioApi(app: FastifyInstance, o: StudioApiOptions) {
  const { db } = o;
  const sessions = createOperatorSessions(db, o.now);
  const cookies = adminCookies({ production: o.production });
  const actorOf = (request: FastifyRequest): Actor => ({ name: request.operatorSession!.email, role: request.operatorSession!.role });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('preHandler', async (request) => {
    const session = await sessions.find(cookies.read(request, SESSION_COOKIE) ?? '');
    if (!session) throw new HttpAnswer(401, 'Log in at /admin/login first.');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const given = request.headers[CSRF_HEADER];
      if (typeof given !== 'string' || !tokensMatch(given, session.csrfToken))
        throw new HttpAnswer(403, `The ${CSRF_HEADER} header must carry this session's token (GET ${STUDIO_API_PREFIX}/session).`);
    }
    request.operatorSession = session;
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply: FastifyReply) => {
    if (error instanceof StudioRefusal)
      return reply.code(STUDIO_STATUS[error.reason]).send({ error: error.message, reason: error.reason, ...error.detail });
    if (error instanceof ReleaseRefusal)
      return reply.code(REFUSAL_STATUS[error.reason]).send({ error: error.message, reason: error.reason });
    if (error.statusCode && error.statusCode < 500) return reply.code(error.statusCode).send({ error: error.message });
    request.log.error({ err: error }, 'studio request failed');
    return reply.code(500).send({ error: 'The studio request failed on the server; its log says why.' });
  });

  funnelRoutes(app, { db, actorOf });

  app.get('/session', async (request) => {
    const s = request.operatorSession!;
    return { email: s.email, role: s.role, csrf: s.csrfToken };
  });

  app.get('/workspaces', async () => ({ workspaces: await workspaceList(db) }));

  app.post('/workspaces', async (request, reply) => {
    const body = parsed(createBody, request.body);
    const workspace = await createWorkspace(db, { from: body.from ?? 'live', actor: actorOf(request) });
    request.log.info({ workspace: workspace.id, base: workspace.baseId, actor: workspace.author }, 'studio workspace made');
    return reply.code(201).send(workspace);
  });

  app.get('/workspaces/:id', async (request) => workspaceTree(db, workspaceIdOf(request)));

  app.get('/workspaces/:id/file', async (request, reply) => {
    const path = parsed(z.object({ path: pathField }), request.query).path;
    const file = await readWorkspaceFile(db, workspaceIdOf(request), path);
    return reply.header('etag', `"${file.version}"`).send(file);
  });

  app.put('/workspaces/:id/file', { bodyLimit: 4 * MAX_FILE_BYTES }, async (request) => {
    const body = parsed(saveBody, request.body);
    const result = await saveFile(db, { id: workspaceIdOf(request), ...body, actor: actorOf(request) });
    request.log.info({ workspace: workspaceIdOf(request), path: body.path, unchanged: result.unchanged }, 'studio file saved');
    return result;
  });

  app.post('/workspaces/:id/check', { bodyLimit: 4 * MAX_FILE_BYTES }, async (request) =>
    checkWorkspace(db, workspaceIdOf(request), overlayOf(request.body)),
  );

  app.get('/workspaces/:id/diff', async (request) => diffWorkspace(db, workspaceIdOf(request)));

  app.post('/workspaces/:id/preview', { bodyLimit: 4 * MAX_FILE_BYTES }, async (request) =>
    previewWorkspace(db, workspaceIdOf(request), actorOf(request), overlayOf(request.body)),
  );

  editorRoutes(app, db);

  app.post('/workspaces/:id/publish', async (request) => {
    const body = parsed(publishBody, request.body);
    const result = await publishWorkspace(db, workspaceIdOf(request), {
      actor: actorOf(request),
      message: body.message,
      ...(body.force !== undefined ? { force: body.force } : {}),
    });
    request.log.info({ workspace: result.workspace, release: result.id, unchanged: result.unchanged }, 'studio workspace published');
    return result;
  });

  studioTextsRoutes(app, { db, actorOf });

  app.get('/releases', async () => {
    const state = await readReleaseState(db);
    return { releases: await listReleaseSummaries(db), liveId: state?.liveId ?? null, deployedId: state?.deployedId ?? null };
  });

  app.post('/releases/rollback', async (request) => {
    const body = parsed(rollbackBody, request.body);
    return rollback(db, {
      actor: actorOf(request),
      ...(body.to !== undefined ? { to: body.to } : {}),
      ...(body.force !== undefined ? { force: body.force } : {}),
    });
  });
}
