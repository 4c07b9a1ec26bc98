/**
 * The studio editor's endpoints (./editor.ts), under the studio API's prefix and its hooks (session, CSRF):
 *
 *   GET  /admin/studio/api/workspaces/:id/schemas        → { hash, schemas: [{ path, globs }] }
 *   GET  /admin/studio/api/workspaces/:id/schemas/:name  → the JSON Schema (`funnel.schema.json`) of the draft
 *   POST /admin/studio/api/workspaces/:id/live-preview   { releaseId, path?, text? } → LivePreview
 *
 * The check and the preview draft of the open file's unsaved text are `POST …/check` and `POST …/preview`
 * with `{ path, text }` (./routes.ts). tests/server/studio-editor.test.ts calls each.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/transaction.ts';
import { draftSchema, draftSchemaMapping, livePreview } from './editor.ts';
import { MAX_FILE_BYTES } from './files.ts';
import { HttpAnswer, parsed, workspaceIdOf } from './requests.ts';

/** The open file's unsaved text, or nothing (the saved files). The size is the service's to refuse (413). */
export const overlayBody = z.union([z.object({ path: z.string().min(1).max(200), text: z.string() }).strict(), z.object({}).strict()]);
const livePreviewBody = z
  .object({ releaseId: z.number().int().positive(), path: z.string().min(1).max(200).optional(), text: z.string().optional() })
  .strict()
  .refine((b) => (b.path === undefined) === (b.text === undefined), 'path and text go together');

export function overlayOf(body: unknown): { path: string; text: string } | undefined {
  const given = parsed(overlayBody, body) as { path?: string; text?: string };
  return given.path !== undefined && given.text !== undefined ? { path: given.path, text: given.text } : undefined;
}

export function editorRoutes(app: FastifyInstance, db: Db) {
  app.get('/workspaces/:id/schemas', async (request) => draftSchemaMapping(db, workspaceIdOf(request)));

  app.get('/workspaces/:id/schemas/:name', async (request, reply) => {
    const name = (request.params as { name: string }).name;
    if (!/^[A-Za-z0-9-]+\.schema\.json$/.test(name)) throw new HttpAnswer(404, `There is no schema ${name}.`);
    return reply.type('application/json; charset=utf-8').send(await draftSchema(db, workspaceIdOf(request), name));
  });

  app.post('/workspaces/:id/live-preview', { bodyLimit: 4 * MAX_FILE_BYTES }, async (request) => {
    const { releaseId, path, text } = parsed(livePreviewBody, request.body);
    return livePreview(db, workspaceIdOf(request), {
      releaseId,
      ...(path !== undefined && text !== undefined ? { overlay: { path, text } } : {}),
    });
  });
}
