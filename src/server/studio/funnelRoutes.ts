/**
 * The studio's funnel routes (docs/releases.md, "Studio API"), under the same prefix, session and CSRF hooks as
 * ./routes.ts, which registers them:
 *
 *   GET  /admin/studio/api/workspaces/:id/templates        → { templates: TemplateChoice[] } (./newFunnel.ts)
 *   POST /admin/studio/api/workspaces/:id/funnels          { template, values } → 201 { funnel, copy, texts }
 *                                                          422 invalid-params / 409 exists: { error, reason, params }
 *   GET  /admin/studio/api/workspaces/:id/map?path=P       → StudioFunnelMap (./funnelMap.ts)
 *
 * tests/server/studio-funnels.test.ts calls each.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/transaction.ts';
import type { Actor } from '../releases/service.ts';
import { funnelMapOf } from './funnelMap.ts';
import { createFunnelFromTemplate, templateChoices } from './newFunnel.ts';
import { workspaceFiles } from './repository.ts';
import { parsed, workspaceIdOf } from './requests.ts';
import { readWorkspaceFile, StudioRefusal } from './service.ts';

const newFunnelBody = z
  .object({
    template: z.string().min(1).max(100),
    values: z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean()])),
  })
  .strict();
const mapQuery = z.object({ path: z.string().min(1).max(200) });

async function filesOf(db: Db, request: FastifyRequest) {
  const id = workspaceIdOf(request);
  const rows = await workspaceFiles(db, id);
  // An empty list is a workspace that does not exist (a workspace always holds its release's files).
  if (rows.length === 0) throw new StudioRefusal(`There is no workspace ${id}.`, 'not-found');
  return { id, files: Object.fromEntries(rows.map((f) => [f.path, f.text])) };
}

export function funnelRoutes(app: FastifyInstance, o: { db: Db; actorOf: (request: FastifyRequest) => Actor }) {
  const { db } = o;

  app.get('/workspaces/:id/templates', async (request) => ({ templates: templateChoices((await filesOf(db, request)).files) }));

  app.post('/workspaces/:id/funnels', async (request, reply) => {
    const body = parsed(newFunnelBody, request.body);
    const { id } = await filesOf(db, request);
    const made = await createFunnelFromTemplate(db, {
      workspace: id,
      template: body.template,
      values: body.values,
      actor: o.actorOf(request),
    });
    request.log.info({ workspace: id, template: body.template, funnel: made.funnel.path }, 'studio funnel made from a template');
    return reply.code(201).send(made);
  });

  app.get('/workspaces/:id/map', async (request) => {
    const { path } = parsed(mapQuery, request.query);
    const { id, files } = await filesOf(db, request);
    if (!(path in files)) await readWorkspaceFile(db, id, path); // its 404
    return funnelMapOf(files, path);
  });
}
