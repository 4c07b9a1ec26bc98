/**
 * A release's compiled files, at addresses that name the release (src/contract/releases.ts):
 *
 *   GET /releases/<id>/screens/<screenId>.json  → the screen and the default language's copy it shows beyond the shell's
 *   GET /releases/<id>/copy/<locale>.json       → one language's copy, whole
 *
 * What an address answers never changes, so it is cached for good. An unknown release, screen or
 * language is a 404 (cached briefly: a release may be published a moment later).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RELEASES_PATH } from '../../contract/releases.ts';
import { IMMUTABLE } from '../static.ts';
import type { CompiledRelease, CompiledReleases } from './compiled.ts';

const RELEASE_ID = /^[1-9][0-9]{0,15}$/;

export async function releaseFileRoutes(app: FastifyInstance, o: { releases: CompiledReleases }) {
  const notFound = (reply: FastifyReply, what: string) =>
    reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(`Not found: ${what}`);
  const serve =
    (part: (release: CompiledRelease, name: string) => string | undefined) =>
    async (request: { params: unknown; url: string }, reply: FastifyReply) => {
      const { id, file } = request.params as { id: string; file: string };
      const name = file.endsWith('.json') ? decodeURIComponent(file.slice(0, -'.json'.length)) : undefined;
      const release = RELEASE_ID.test(id) && name ? await o.releases.byId(Number(id)) : undefined;
      const json = release && name !== undefined ? part(release, name) : undefined;
      if (json === undefined) return notFound(reply, request.url.split('?', 1)[0]!);
      return reply.header('cache-control', IMMUTABLE).type('application/json; charset=utf-8').send(json);
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
