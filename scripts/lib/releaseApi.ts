/**
 * How `npm run release` reaches the releases: the same calls on the database itself (PostgreSQL,
 * or the embedded database no server holds: ./releaseApiOnDatabase.ts, imported only then), through
 * this machine's running server (its admin endpoints and token, src/server/admin/client.ts), or
 * through another server with an operator's email and password (`--server URL`,
 * src/server/releases/endpoints.ts). Only types come from the service here: talking to a server
 * loads neither the checker nor the database.
 */
import { AdminError, answerOf } from '../../src/server/admin/client.ts';
import { RELEASE_ENDPOINTS, type ReleaseList, releaseDiffPath, releaseFilesPath } from '../../src/server/releases/endpoints.ts';
import type { LiveChangeResult, PublishResult, ReleaseFilesAnswer } from '../../src/server/releases/service.ts';
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

type Send = { post(path: string, body: unknown): Promise<unknown>; get(path: string): Promise<unknown> };

/** Through a server's release endpoints (`author` is honoured on the admin endpoints only). */
export function releaseApiOverHttp(send: Send, author: string): ReleaseApi {
  return {
    publish: async (body) => (await send.post(RELEASE_ENDPOINTS.releases, { ...body, author })) as PublishResult,
    publishDraft: async (body) => (await send.post(RELEASE_ENDPOINTS.publishDraft, { ...body, author })) as LiveChangeResult,
    rollback: async (body) => (await send.post(RELEASE_ENDPOINTS.rollback, { ...body, author })) as LiveChangeResult,
    deleteDraft: async (id) => void (await send.post(RELEASE_ENDPOINTS.deleteDraft, { id, author })),
    list: async () => (await send.get(RELEASE_ENDPOINTS.releases)) as ReleaseList,
    files: async (id) => (await send.get(releaseFilesPath(id))) as ReleaseFilesAnswer,
    diff: async (from, to) => (await send.get(releaseDiffPath(from, to))) as { from: number; to: number; diff: string },
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
