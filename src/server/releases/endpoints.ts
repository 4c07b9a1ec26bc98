/**
 * The release endpoints' addresses and answers, shared by the server (./routes.ts) and `npm run release`
 * (scripts/lib/releaseApi.ts), which imports this small module rather than the routes (and the checker
 * behind them). Each path is mounted under ADMIN_PREFIX (this machine's CLI, src/server/admin/prefix.ts)
 * and under OPERATOR_RELEASES_PREFIX (an operator's email and password).
 */
import type { ReleaseSourceKind } from '../db/types.ts';
import type { FileChanges } from './files.ts';

/** Where the operators' release endpoints are mounted (credentials: an operator's email and password). */
export const OPERATOR_RELEASES_PREFIX = '/api';

export const RELEASE_ENDPOINTS = {
  /** POST { files, message?, draft?, force?, baseId? } → PublishResult; GET → ReleaseList. */
  releases: '/releases',
  /** POST { id, force? } → LiveChangeResult. */
  publishDraft: '/releases/publish-draft',
  /** POST { to?, force? } → LiveChangeResult. */
  rollback: '/releases/rollback',
  /** POST { id } → { id }. */
  deleteDraft: '/releases/delete',
  /** GET ?from=A&to=B → { from, to, diff }. */
  diff: '/releases/diff',
  /** GET → { id, files }; the id is a number, or `live` for the live release. */
  files: '/releases/:id',
} as const;

export const releaseFilesPath = (id: number | 'live') => RELEASE_ENDPOINTS.files.replace(':id', String(id));

export const releaseDiffPath = (from: number | 'live', to: number | 'live') => `${RELEASE_ENDPOINTS.diff}?from=${from}&to=${to}`;

export interface ReleaseSummary {
  id: number;
  parentId: number | null;
  status: 'live' | 'draft' | 'earlier' | 'deleted';
  createdAt: string;
  author: string;
  message: string;
  source: ReleaseSourceKind;
  /** Against its parent (all files for the first release). */
  changes: FileChanges;
  /** A draft's preview token (the link is `/?preview=<token>`), while it works. */
  previewToken: string | null;
}

/** GET /releases. */
export interface ReleaseList {
  releases: ReleaseSummary[];
  liveId: number | null;
  /** The release the last deploy made or found live: when live is another, someone published since. */
  deployedId: number | null;
}

/** How long a draft's preview link works (the service keeps to it; the CLI says it beside the link). */
export const PREVIEW_DAYS = 7;
