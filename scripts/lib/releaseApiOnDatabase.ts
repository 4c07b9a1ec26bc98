/**
 * `npm run release` on the database itself (PostgreSQL, or the embedded database no server holds):
 * the service's calls, in this process. Imported only on that path (scripts/release.ts): it loads
 * the checker and the database.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';
import { diffFiles } from '../../src/server/releases/lineDiff.ts';
import { readReleaseState } from '../../src/server/releases/repository.ts';
import {
  type Actor,
  deleteDraft,
  listReleaseSummaries,
  publish,
  publishDraft,
  releaseFiles,
  rollback,
} from '../../src/server/releases/service.ts';
import type { ReleaseApi } from './releaseApi.ts';

/** On the database itself: the person at this machine, a publisher. */
export function releaseApiOnDatabase(db: Kysely<Database>, author: string): ReleaseApi {
  const actor: Actor = { name: `cli:${author}`, role: 'publisher' };
  return {
    publish: (body) => publish(db, { ...body, actor, source: 'cli' }),
    publishDraft: (body) => publishDraft(db, { ...body, actor }),
    rollback: (body) => rollback(db, { ...body, actor }),
    deleteDraft: (id) => deleteDraft(db, { id, actor }),
    async list() {
      const state = await readReleaseState(db);
      return { releases: await listReleaseSummaries(db), liveId: state?.liveId ?? null, deployedId: state?.deployedId ?? null };
    },
    files: (id) => releaseFiles(db, id),
    async diff(from, to) {
      const [a, b] = await Promise.all([releaseFiles(db, from), releaseFiles(db, to)]);
      return { from: a.id, to: b.id, diff: diffFiles(a.files, b.files) };
    },
  };
}
