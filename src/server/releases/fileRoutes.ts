/**
 * A release's compiled files, at addresses that name the release (src/contract/releases.ts):
 *
 *   GET /releases/<id>/screens/<screenId>.json  → the screen and the default language's copy it shows beyond the shell's
 *   GET /releases/<id>/copy/<locale>.json       → one language's copy, whole
 *
 * What an address answers never changes, so it is cached for good. An unknown release, screen or
 * language is a 404 (cached briefly: a release may be published a moment later). A draft's files
 * are served only to a request in its preview (./previews.ts), and kept by that browser alone;
 * to anyone else a draft is a 404, as if there were none.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RELEASES_PATH } from '../../contract/releases.ts';
import { IMMUTABLE } from '../static.ts';
import type { CompiledRelease, CompiledReleases } from './compiled.ts';
import type { Previews } from './previews.ts';

/** A draft's files, to its preview only: not in shared caches. */
const PRIVATE = 'private, max-age=86400';

const RELEASE_ID = /^[1-9][0-9]{0,15}$/;

export async function releaseFileRoutes(app: FastifyInstance, o: { releases: CompiledReleases; previews: Previews }) {
  const notFound = (reply: FastifyReply, what: string) =>
    reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(`Not found: ${what}`);
  const serve =
    (part: (release: CompiledRelease, name: string) => string | undefined) => async (request: FastifyRequest, reply: FastifyReply) => {
      const { id, file } = request.params as { id: string; file: string };
      const name = file.endsWith('.json') ? decodeURIComponent(file.slice(0, -'.json'.length)) : undefined;
      const releaseId = RELEASE_ID.test(id) && name ? Number(id) : null;
      const servable = releaseId !== null && (await o.previews.mayServe(request, releaseId));
      const release = servable ? await o.releases.byId(releaseId) : undefined;
      const json = release && name !== undefined ? part(release, name) : undefined;
      if (json === undefined) return notFound(reply, request.url.split('?', 1)[0]!);
      const draft = await o.releases.isDraft(release!.id);
      return reply
        .header('cache-control', draft ? PRIVATE : IMMUTABLE)
        .type('application/json; charset=utf-8')
        .send(json);
    };
  app.get(
    `${RELEASES_PATH}/:id/screens/:file`,
    serve((release, screenId) => release.screenJson(screenId)),
  );
  app.get(
    `${RELEASES_PATH}/:id/copy/:file`,
    serve((release, locale) => release.copyJson(locale)),
  );
}
