/** SQL of the studio's workspaces and their files (migration 020, docs/releases.md "Studio API"). */
import type { Db } from '../db/transaction.ts';

export interface WorkspaceRow {
  id: number;
  baseReleaseId: number;
  author: string;
  createdAt: Date;
  updatedAt: Date;
  previewReleaseId: number | null;
  publishedReleaseId: number | null;
}

export interface WorkspaceFileRow {
  path: string;
  text: string;
  version: string;
  updatedBy: string;
  updatedAt: Date;
}

const workspaceColumns = [
  'id',
  'base_release_id',
  'author',
  'created_at',
  'updated_at',
  'preview_release_id',
  'published_release_id',
] as const;

const toWorkspace = (r: {
  id: number;
  base_release_id: number;
  author: string;
  created_at: Date;
  updated_at: Date;
  preview_release_id: number | null;
  published_release_id: number | null;
}): WorkspaceRow => ({
  id: r.id,
  baseReleaseId: r.base_release_id,
  author: r.author,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  previewReleaseId: r.preview_release_id,
  publishedReleaseId: r.published_release_id,
});

export async function insertWorkspace(
  db: Db,
  row: { baseReleaseId: number; author: string; at: Date; files: { path: string; text: string; version: string }[] },
): Promise<number> {
  const { id } = await db
    .insertInto('studio_workspaces')
    .values({ base_release_id: row.baseReleaseId, author: row.author, created_at: row.at, updated_at: row.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (row.files.length > 0)
    await db
      .insertInto('studio_files')
      .values(
        row.files.map((f) => ({
          workspace_id: id,
          path: f.path,
          text: f.text,
          version: f.version,
          updated_by: row.author,
          updated_at: row.at,
        })),
      )
      .execute();
  return id;
}

export async function findWorkspace(db: Db, id: number): Promise<WorkspaceRow | undefined> {
  const row = await db.selectFrom('studio_workspaces').select(workspaceColumns).where('id', '=', id).executeTakeFirst();
  return row ? toWorkspace(row) : undefined;
}

/** The workspace, its row locked until the transaction ends: saves to it take turns. */
export async function lockWorkspace(db: Db, id: number): Promise<WorkspaceRow | undefined> {
  const row = await db.selectFrom('studio_workspaces').select(workspaceColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? toWorkspace(row) : undefined;
}

/** Newest first. */
export async function listWorkspaces(db: Db, limit: number): Promise<WorkspaceRow[]> {
  const rows = await db.selectFrom('studio_workspaces').select(workspaceColumns).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toWorkspace);
}

/** Every file of the workspace, texts included, in path order. */
export async function workspaceFiles(db: Db, workspaceId: number): Promise<WorkspaceFileRow[]> {
  const rows = await db
    .selectFrom('studio_files')
    .select(['path', 'text', 'version', 'updated_by', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('path')
    .execute();
  return rows.map((r) => ({ path: r.path, text: r.text, version: r.version, updatedBy: r.updated_by, updatedAt: r.updated_at }));
}

export async function findWorkspaceFile(db: Db, workspaceId: number, path: string): Promise<WorkspaceFileRow | undefined> {
  const r = await db
    .selectFrom('studio_files')
    .select(['path', 'text', 'version', 'updated_by', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .where('path', '=', path)
    .executeTakeFirst();
  return r ? { path: r.path, text: r.text, version: r.version, updatedBy: r.updated_by, updatedAt: r.updated_at } : undefined;
}

export async function writeWorkspaceFile(
  db: Db,
  workspaceId: number,
  file: { path: string; text: string; version: string; updatedBy: string; at: Date },
): Promise<void> {
  const values = { text: file.text, version: file.version, updated_by: file.updatedBy, updated_at: file.at };
  await db
    .insertInto('studio_files')
    .values({ workspace_id: workspaceId, path: file.path, ...values })
    .onConflict((c) => c.columns(['workspace_id', 'path']).doUpdateSet(values))
    .execute();
  await db.updateTable('studio_workspaces').set({ updated_at: file.at }).where('id', '=', workspaceId).execute();
}

export async function setWorkspacePreview(db: Db, workspaceId: number, releaseId: number): Promise<void> {
  await db.updateTable('studio_workspaces').set({ preview_release_id: releaseId }).where('id', '=', workspaceId).execute();
}

/** Marks it published; false when it already was (another publisher was first). */
export async function markWorkspacePublished(db: Db, workspaceId: number, releaseId: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('studio_workspaces')
    .set({ published_release_id: releaseId, updated_at: at })
    .where('id', '=', workspaceId)
    .where('published_release_id', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** How large the workspace is without one of its files (the one a save replaces). */
export async function workspaceSizeWithout(db: Db, workspaceId: number, path: string): Promise<{ bytes: number; files: number }> {
  const row = await db
    .selectFrom('studio_files')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(eb.fn('octet_length', ['text'])), eb.lit(0)).as('bytes'),
      eb.fn.countAll<number>().as('files'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('path', '<>', path)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), files: Number(row.files) };
}
