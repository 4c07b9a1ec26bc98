/**
 * The Texts view's part of the studio API (docs/releases.md, "Studio API"), registered inside it
 * (./routes.ts), so its session, CSRF and refusal answers are the API's:
 *
 *   GET  {prefix}/workspaces/:id/texts?locale=es            → LocaleTexts (./texts.ts): the language's texts with their
 *                                                            status, the workspace's languages, its files' versions
 *   POST {prefix}/workspaces/:id/texts/:locale              { edits: [{ key, text }], versions } → TextsSaved
 *   GET  {prefix}/workspaces/:id/texts/:locale/export?format=xliff|csv&all=1
 *                                                          → the file, as a download (missing and stale texts; all: every one)
 *   POST {prefix}/workspaces/:id/texts/:locale/import      { name, text } → TextsSaved
 *
 * A translation the checks refuse answers 422 `{ error, reason: 'translation-refused', problems }`, the messages of
 * `npm run copy -- import`, and saves nothing; a language the workspace has not, or its source language, 404
 * `{ reason: 'no-such-language' }`. tests/server/studio-texts.test.ts calls each.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/types.ts';
import type { Actor } from '../releases/service.ts';
import { MAX_WORKSPACE_BYTES } from './files.ts';
import { parsed } from './requests.ts';
import { exportWorkspaceTexts, importTextsFile, saveTexts, workspaceTexts } from './texts.ts';

const locale = z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'a language, like es or pt-BR');
const key = z.string().min(3).max(200);
const saveBody = z
  .object({
    edits: z
      .array(z.object({ key, text: z.string().max(64 * 1024) }).strict())
      .min(1)
      .max(5000),
    versions: z.record(
      z.string().max(200),
      z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .nullable(),
    ),
  })
  .strict();
const importBody = z.object({ name: z.string().min(1).max(200), text: z.string().max(MAX_WORKSPACE_BYTES) }).strict();
const exportQuery = z.object({ format: z.enum(['xliff', 'csv']).default('xliff'), all: z.enum(['0', '1']).default('0') });
const params = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/), locale: locale.optional() });

const idAndLocale = (request: FastifyRequest) => {
  const p = parsed(params, request.params);
  return { id: Number(p.id), locale: p.locale ?? '' };
};

export function studioTextsRoutes(app: FastifyInstance, o: { db: Kysely<Database>; actorOf: (request: FastifyRequest) => Actor }) {
  const { db, actorOf } = o;

  app.get('/workspaces/:id/texts', async (request) => {
    const { id } = idAndLocale(request);
    const query = parsed(z.object({ locale: locale.optional() }), request.query);
    return workspaceTexts(db, id, query.locale);
  });

  app.post('/workspaces/:id/texts/:locale', { bodyLimit: 2 * MAX_WORKSPACE_BYTES }, async (request) => {
    const body = parsed(saveBody, request.body);
    const where = idAndLocale(request);
    const saved = await saveTexts(db, { ...where, ...body, actor: actorOf(request) });
    request.log.info({ workspace: where.id, locale: where.locale, files: saved.files }, 'studio texts saved');
    return saved;
  });

  app.get('/workspaces/:id/texts/:locale/export', async (request, reply) => {
    const query = parsed(exportQuery, request.query);
    const where = idAndLocale(request);
    const file = await exportWorkspaceTexts(db, { ...where, format: query.format, all: query.all === '1' });
    return reply
      .header('content-type', query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xliff+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });

  app.post('/workspaces/:id/texts/:locale/import', { bodyLimit: 2 * MAX_WORKSPACE_BYTES }, async (request) => {
    const body = parsed(importBody, request.body);
    const where = idAndLocale(request);
    const imported = await importTextsFile(db, { ...where, ...body, actor: actorOf(request) });
    request.log.info({ workspace: where.id, locale: where.locale, files: imported.files }, 'studio texts imported');
    return imported;
  });
}
