/** SQL of the releases, the live pointer and the audit trail (migration 015, docs/releases.md). */
import { sql } from 'kysely';
import type { Db } from '../db/transaction.ts';
import type { ReleaseAction, ReleaseSourceKind } from '../db/types.ts';
import type { ReleaseFiles } from './source.ts';

/** The channel a change of the live release is announced on (PostgreSQL NOTIFY; the payload is the live id). */
export const LIVE_CHANNEL = 'codekids_release_live';

/** Any constant: publishes, rollbacks and deploys of all instances take it, one at a time. */
const RELEASE_LOCK = 7_150_032;

export interface ReleaseRow {
  id: number;
  parentId: number | null;
  author: string;
  createdAt: Date;
  message: string;
  source: ReleaseSourceKind;
  files: ReleaseFiles;
  filesHash: string;
  draft: boolean;
  previewToken: string | null;
  deletedAt: Date | null;
}

export interface ReleaseState {
  liveId: number;
  deployedId: number | null;
}

const releaseColumns = [
  'id',
  'parent_id',
  'author',
  'created_at',
  'message',
  'source',
  'files',
  'files_hash',
  'draft',
  'preview_token',
  'deleted_at',
] as const;

type Selected = {
  id: number;
  parent_id: number | null;
  author: string;
  created_at: Date;
  message: string;
  source: ReleaseSourceKind;
  files: Record<string, string>;
  files_hash: string;
  draft: boolean;
  preview_token: string | null;
  deleted_at: Date | null;
};

const toRow = (r: Selected): ReleaseRow => ({
  id: r.id,
  parentId: r.parent_id,
  author: r.author,
  createdAt: r.created_at,
  message: r.message,
  source: r.source,
  files: r.files,
  filesHash: r.files_hash,
  draft: r.draft,
  previewToken: r.preview_token,
  deletedAt: r.deleted_at,
});

export async function lockReleases(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${RELEASE_LOCK})`.execute(db);
}

export async function insertRelease(
  db: Db,
  row: Pick<ReleaseRow, 'parentId' | 'author' | 'message' | 'source' | 'files' | 'filesHash' | 'draft' | 'previewToken'> & { at: Date },
): Promise<number> {
  const inserted = await db
    .insertInto('releases')
    .values({
      parent_id: row.parentId,
      author: row.author,
      created_at: row.at,
      message: row.message,
      source: row.source,
      files: JSON.stringify(row.files),
      files_hash: row.filesHash,
      draft: row.draft,
      preview_token: row.previewToken,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findRelease(db: Db, id: number): Promise<ReleaseRow | undefined> {
  const row = await db.selectFrom('releases').select(releaseColumns).where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** The newest releases first (drafts and deleted drafts too). */
export async function listReleases(db: Db, limit: number): Promise<ReleaseRow[]> {
  const rows = await db.selectFrom('releases').select(releaseColumns).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toRow);
}

/** The newest release made live at some time (not a draft) older than `beforeId`. */
export async function findPublishedBefore(db: Db, beforeId: number): Promise<ReleaseRow | undefined> {
  const row = await db
    .selectFrom('releases')
    .select(releaseColumns)
    .where('id', '<', beforeId)
    .where('draft', '=', false)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** A draft whose preview link carries `token`, made after `since`, not deleted. */
export async function findPreviewableDraft(db: Db, token: string, since: Date): Promise<ReleaseRow | undefined> {
  const row = await db
    .selectFrom('releases')
    .select(releaseColumns)
    .where('preview_token', '=', token)
    .where('draft', '=', true)
    .where('deleted_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function markPublished(db: Db, id: number): Promise<void> {
  await db.updateTable('releases').set({ draft: false }).where('id', '=', id).execute();
}

export async function markDraftDeleted(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('releases')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('draft', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function readReleaseState(db: Db): Promise<ReleaseState | null> {
  const row = await db
    .selectFrom('release_state')
    .select(['live_release_id', 'deployed_release_id'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? { liveId: row.live_release_id, deployedId: row.deployed_release_id } : null;
}

/** Sets the live release and, when given, the release the last deploy made or found live. */
export async function writeReleaseState(db: Db, state: { liveId: number; deployedId?: number | null }, at: Date): Promise<void> {
  const values = {
    id: 1,
    live_release_id: state.liveId,
    updated_at: at,
    ...(state.deployedId !== undefined ? { deployed_release_id: state.deployedId } : {}),
  };
  await db
    .insertInto('release_state')
    .values(values)
    .onConflict((c) =>
      c.column('id').doUpdateSet({
        live_release_id: state.liveId,
        updated_at: at,
        ...(state.deployedId !== undefined ? { deployed_release_id: state.deployedId } : {}),
      }),
    )
    .execute();
}

/** Tells every instance listening (PostgreSQL LISTEN) that the live release changed; sent when the transaction commits. */
export async function notifyLiveChanged(db: Db, liveId: number): Promise<void> {
  await sql`select pg_notify(${LIVE_CHANNEL}, ${String(liveId)})`.execute(db);
}

export interface AuditEntry {
  at: Date;
  actor: string;
  action: ReleaseAction;
  releaseId: number;
  previousLiveId: number | null;
  detail: Record<string, unknown>;
}

export async function insertAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('release_audit')
    .values({
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      release_id: entry.releaseId,
      previous_live_id: entry.previousLiveId,
      detail: JSON.stringify(entry.detail),
    })
    .execute();
}

/** The audit trail, newest first. */
export async function listAudit(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('release_audit')
    .select(['at', 'actor', 'action', 'release_id', 'previous_live_id', 'detail'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    at: r.at,
    actor: r.actor,
    action: r.action,
    releaseId: r.release_id,
    previousLiveId: r.previous_live_id,
    detail: r.detail,
  }));
}
