/**
 * How `npm run release` reaches the releases: the same calls on the database itself (PostgreSQL,
 * or the embedded database no server holds), through this machine's running server (its admin
 * endpoints and token, src/server/admin/client.ts), or through another server with an
 * operator's email and password (`--server URL`, src/server/releases/routes.ts).
 */
import type { Kysely } from 'kysely';
import { AdminError, answerOf } from '../../src/server/admin/client.ts';
import type { Database } from '../../src/server/db/types.ts';
import { readReleaseState } from '../../src/server/releases/repository.ts';
import type { ReleaseList } from '../../src/server/releases/routes.ts';
import {
  type Actor,
  deleteDraft,
  diffFiles,
  type LiveChangeResult,
  listReleaseSummaries,
  type PublishResult,
  publish,
  publishDraft,
  type ReleaseFilesAnswer,
  releaseFiles,
  rollback,
} from '../../src/server/releases/service.ts';
import type { ReleaseFiles } from '../../src/server/releases/source.ts';

export interface PublishBody {
  files: ReleaseFiles;
  message?: string;
  draft?: boolean;
  force?: boolean;
}

export interface ReleaseApi {
  publish(body: PublishBody): Promise<PublishResult>;
  publishDraft(body: { id: number; force?: boolean }): Promise<LiveChangeResult>;
  rollback(body: { to?: number; force?: boolean }): Promise<LiveChangeResult>;
  deleteDraft(id: number): Promise<void>;
  list(): Promise<ReleaseList>;
  files(id: number | 'live'): Promise<ReleaseFilesAnswer>;
  diff(from: number | 'live', to: number | 'live'): Promise<{ from: number; to: number; diff: string }>;
}

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

type Send = { post(path: string, body: unknown): Promise<unknown>; get(path: string): Promise<unknown> };

/** Through a server's release endpoints (`author` is honoured on the admin endpoints only). */
export function releaseApiOverHttp(send: Send, author: string): ReleaseApi {
  return {
    publish: async (body) => (await send.post('/releases', { ...body, author })) as PublishResult,
    publishDraft: async (body) => (await send.post('/releases/publish-draft', { ...body, author })) as LiveChangeResult,
    rollback: async (body) => (await send.post('/releases/rollback', { ...body, author })) as LiveChangeResult,
    deleteDraft: async (id) => void (await send.post('/releases/delete', { id, author })),
    list: async () => (await send.get('/releases')) as ReleaseList,
    files: async (id) => (await send.get(`/releases/${id}`)) as ReleaseFilesAnswer,
    diff: async (from, to) => (await send.get(`/releases/diff?from=${from}&to=${to}`)) as { from: number; to: number; diff: string },
  };
}

/** Another server's /api/releases…, with an operator's email and password (HTTP Basic: use https). */
export function remoteSend(serverUrl: string, credentials: { email: string; password: string }): Send {
  const base = `${serverUrl.replace(/\/+$/, '')}/api`;
  const authorization = `Basic ${Buffer.from(`${credentials.email}:${credentials.password}`).toString('base64')}`;
  const call = async (path: string, init: RequestInit) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { ...init, headers: { ...init.headers, authorization } });
    } catch (error) {
      throw new AdminError(
        `${serverUrl} does not answer (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}).`,
      );
    }
    return answerOf(response);
  };
  return {
    post: (path, body) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    get: (path) => call(path, {}),
  };
}
