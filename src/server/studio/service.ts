/**
 * The studio's workspaces (docs/releases.md, "Studio API"): a draft edited in the browser. A
 * workspace copies a release's files and changes them one save at a time; each save names the
 * version it was based on, and one based on a version another editor has replaced since is
 * refused with both texts. Previewing makes a draft release of its files and publishing a
 * release, both through the releases' service (its check, conflict rule, experiment guard and
 * roles), weighed against the release the workspace was made from.
 */
import { type Db, inTransaction } from '../db/transaction.ts';
import { PREVIEW_DAYS } from '../releases/endpoints.ts';
import { experimentWarnings } from '../releases/experimentGuard.ts';
import { changedFiles, type FileChanges, hashFiles } from '../releases/files.ts';
import { diffFiles } from '../releases/lineDiff.ts';
import { findRelease, insertAudit, readReleaseState } from '../releases/repository.ts';
import { type Actor, type PublishResult, publish, releaseFiles } from '../releases/service.ts';
import type { ReleaseFiles } from '../releases/source.ts';
import { checkForStudio } from './diagnostics.ts';
import { bytesOf, isEditablePath, MAX_FILE_BYTES, MAX_WORKSPACE_BYTES, MAX_WORKSPACE_FILES, unsafeText, versionOf } from './files.ts';
import {
  findWorkspace,
  findWorkspaceFile,
  insertWorkspace,
  listWorkspaces,
  lockWorkspace,
  markWorkspacePublished,
  setWorkspacePreview,
  type WorkspaceFileRow,
  type WorkspaceRow,
  workspaceFiles,
  workspaceSizeWithout,
  writeWorkspaceFile,
} from './repository.ts';

/** A workspace made or a file saved, in the releases' audit trail beside the live release of the moment. */
async function auditStudio(
  tx: Db,
  o: { at: Date; actor: Actor; action: 'studio-workspace' | 'studio-save'; releaseId: number; detail: Record<string, unknown> },
): Promise<void> {
  const state = await readReleaseState(tx);
  await insertAudit(tx, {
    at: o.at,
    actor: o.actor.name,
    action: o.action,
    releaseId: o.releaseId,
    previousLiveId: state?.liveId ?? null,
    detail: o.detail,
  });
}

export type StudioRefusalReason =
  | 'invalid-path'
  | 'too-large'
  | 'unsafe-yaml'
  | 'not-found'
  | 'conflict'
  | 'published'
  /** A new funnel's parameters (./newFunnel.ts): `detail.params` says what is wrong with each. */
  | 'invalid-params'
  /** A new funnel whose files exist already. */
  | 'exists'
  /** Texts the translators' checks refuse (./texts.ts): `detail.problems`, `npm run copy -- import`'s messages. */
  | 'translation-refused'
  /** A language the workspace has not, or its source language (./texts.ts). */
  | 'no-such-language';

/** A studio request not carried out; nothing changed. `detail` goes into the answer (a conflict's two texts). */
export class StudioRefusal extends Error {
  override name = 'StudioRefusal';
  constructor(
    message: string,
    readonly reason: StudioRefusalReason,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface WorkspaceSummary {
  id: number;
  baseId: number;
  author: string;
  createdAt: string;
  updatedAt: string;
  previewReleaseId: number | null;
  publishedReleaseId: number | null;
}

export interface FileEntry {
  path: string;
  name: string;
  version: string;
  bytes: number;
  updatedBy: string;
  updatedAt: string;
}

/** A folder of the tree: `funnels/`, `funnels/templates/`, `copy/en/`… */
export interface Folder {
  path: string;
  files: FileEntry[];
}

const summary = (w: WorkspaceRow): WorkspaceSummary => ({
  id: w.id,
  baseId: w.baseReleaseId,
  author: w.author,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
  previewReleaseId: w.previewReleaseId,
  publishedReleaseId: w.publishedReleaseId,
});

const now = () => new Date();

async function workspaceOrRefuse(db: Db, id: number): Promise<WorkspaceRow> {
  const workspace = await findWorkspace(db, id);
  if (!workspace) throw new StudioRefusal(`There is no workspace ${id}.`, 'not-found');
  return workspace;
}

const asReleaseFiles = (rows: WorkspaceFileRow[]): ReleaseFiles => Object.fromEntries(rows.map((r) => [r.path, r.text]));

/** A new workspace holding the files of the live release or of release `from`. */
export async function createWorkspace(db: Db, request: { from: number | 'live'; actor: Actor }): Promise<WorkspaceSummary> {
  const base = await releaseFiles(db, request.from);
  const at = now();
  const files = Object.entries(base.files).map(([path, text]) => ({ path, text, version: versionOf(text) }));
  const id = await inTransaction(db, async (tx) => {
    const created = await insertWorkspace(tx, { baseReleaseId: base.id, author: request.actor.name, at, files });
    await auditStudio(tx, { at, actor: request.actor, action: 'studio-workspace', releaseId: base.id, detail: { workspace: created } });
    return created;
  });
  return summary(await workspaceOrRefuse(db, id));
}

export async function workspaceList(db: Db): Promise<WorkspaceSummary[]> {
  return (await listWorkspaces(db, 100)).map(summary);
}

/** The workspace and its files as folders (no texts). */
export async function workspaceTree(db: Db, id: number): Promise<WorkspaceSummary & { bytes: number; folders: Folder[] }> {
  const workspace = await workspaceOrRefuse(db, id);
  const folders = new Map<string, FileEntry[]>();
  let bytes = 0;
  for (const f of await workspaceFiles(db, id)) {
    const slash = f.path.lastIndexOf('/');
    const folder = f.path.slice(0, slash + 1);
    const size = bytesOf(f.text);
    bytes += size;
    if (!folders.has(folder)) folders.set(folder, []);
    folders.get(folder)!.push({
      path: f.path,
      name: f.path.slice(slash + 1),
      version: f.version,
      bytes: size,
      updatedBy: f.updatedBy,
      updatedAt: f.updatedAt.toISOString(),
    });
  }
  return { ...summary(workspace), bytes, folders: [...folders].map(([path, files]) => ({ path, files })) };
}

export async function readWorkspaceFile(db: Db, id: number, path: string) {
  await workspaceOrRefuse(db, id);
  const file = await findWorkspaceFile(db, id, path);
  if (!file) throw new StudioRefusal(`Workspace ${id} has no file ${path}.`, 'not-found');
  return { path: file.path, text: file.text, version: file.version, updatedBy: file.updatedBy, updatedAt: file.updatedAt.toISOString() };
}

export interface SaveRequest {
  id: number;
  path: string;
  text: string;
  /** The version the editor started from; null for a new file. */
  baseVersion: string | null;
  actor: Actor;
}

export interface SaveResult {
  path: string;
  version: string;
  /** The file already held this text: nothing was written. */
  unchanged: boolean;
}

/** Checks made before the database is touched: where, how large, and YAML that can be expanded safely. */
export function refuseUnsafe(path: string, text: string) {
  if (!isEditablePath(path))
    throw new StudioRefusal(
      `${path} cannot be saved: the studio saves .yaml files of funnels/, funnels/templates/ and copy/<language>/ only.`,
      'invalid-path',
    );
  if (bytesOf(text) > MAX_FILE_BYTES) throw new StudioRefusal(`${path} is larger than ${MAX_FILE_BYTES / 1024} KB.`, 'too-large');
  const unsafe = unsafeText(path, text);
  if (unsafe) throw new StudioRefusal(`${path}: ${unsafe}`, 'unsafe-yaml');
}

export async function saveFile(db: Db, request: SaveRequest): Promise<SaveResult> {
  const { path, text } = request;
  refuseUnsafe(path, text);
  const version = versionOf(text);
  return inTransaction(db, async (tx) => {
    const workspace = await lockWorkspace(tx, request.id);
    if (!workspace) throw new StudioRefusal(`There is no workspace ${request.id}.`, 'not-found');
    if (workspace.publishedReleaseId !== null)
      throw new StudioRefusal(
        `Workspace ${workspace.id} was published as release ${workspace.publishedReleaseId}: make a new workspace to change it.`,
        'published',
        { yours: { path, text, baseVersion: request.baseVersion } },
      );
    const current = await findWorkspaceFile(tx, workspace.id, path);
    if (current?.text === text) return { path, version, unchanged: true };
    if ((current?.version ?? null) !== request.baseVersion)
      throw new StudioRefusal(
        current
          ? `${current.updatedBy} saved ${path} since you opened it: compare the two texts, then save yours based on theirs.`
          : `${path} is not in workspace ${workspace.id} any more: save it as a new file.`,
        'conflict',
        {
          path,
          theirs: current
            ? { text: current.text, version: current.version, savedBy: current.updatedBy, savedAt: current.updatedAt.toISOString() }
            : null,
          yours: { text, baseVersion: request.baseVersion },
        },
      );
    const others = await workspaceSizeWithout(tx, workspace.id, path);
    if (others.bytes + bytesOf(text) > MAX_WORKSPACE_BYTES)
      throw new StudioRefusal(`The workspace would be larger than ${MAX_WORKSPACE_BYTES / 1024 / 1024} MB.`, 'too-large');
    if (!current && others.files + 1 > MAX_WORKSPACE_FILES)
      throw new StudioRefusal(`A workspace holds at most ${MAX_WORKSPACE_FILES} files.`, 'too-large');
    const at = now();
    await writeWorkspaceFile(tx, workspace.id, { path, text, version, updatedBy: request.actor.name, at });
    await auditStudio(tx, {
      at,
      actor: request.actor,
      action: 'studio-save',
      releaseId: workspace.baseReleaseId,
      detail: { workspace: workspace.id, path, version, baseVersion: request.baseVersion, bytes: bytesOf(text) },
    });
    return { path, version, unchanged: false };
  });
}

/**
 * The open file's text, not saved yet, in place of its saved one: what the editor shows, checked
 * and previewed as it is typed. Held to the same rules as a save (path, sizes, aliases); nothing is stored.
 */
export interface Overlay {
  path: string;
  text: string;
}

function overlaid(files: ReleaseFiles, overlay: Overlay | undefined): ReleaseFiles {
  if (!overlay) return files;
  refuseUnsafe(overlay.path, overlay.text);
  const result = { ...files, [overlay.path]: overlay.text };
  const paths = Object.keys(result);
  if (paths.length > MAX_WORKSPACE_FILES) throw new StudioRefusal(`A workspace holds at most ${MAX_WORKSPACE_FILES} files.`, 'too-large');
  if (paths.reduce((sum, path) => sum + bytesOf(result[path]!), 0) > MAX_WORKSPACE_BYTES)
    throw new StudioRefusal(`The workspace would be larger than ${MAX_WORKSPACE_BYTES / 1024 / 1024} MB.`, 'too-large');
  return result;
}

/** The workspace's saved files, with the open file's unsaved text in place of its own when given. */
export async function filesOf(db: Db, id: number, overlay?: Overlay): Promise<{ workspace: WorkspaceRow; files: ReleaseFiles }> {
  const workspace = await workspaceOrRefuse(db, id);
  return { workspace, files: overlaid(asReleaseFiles(await workspaceFiles(db, id)), overlay) };
}

/** `npm run check` on the workspace's files (with the open file's unsaved text), as markers (./diagnostics.ts). */
export async function checkWorkspace(db: Db, id: number, overlay?: Overlay) {
  const { files } = await filesOf(db, id, overlay);
  return checkForStudio(files);
}

export interface WorkspaceDiff {
  liveId: number;
  baseId: number;
  changes: FileChanges;
  /** Unified diff, live → workspace. */
  diff: string;
  /** What publishing would do to running experiments; null while the files do not pass the check. */
  experiments: { warnings: string[]; refusals: string[] } | null;
}

/** What publishing the workspace would change on the live release. */
export async function diffWorkspace(db: Db, id: number): Promise<WorkspaceDiff> {
  const { workspace, files } = await filesOf(db, id);
  const live = await releaseFiles(db, 'live');
  return {
    liveId: live.id,
    baseId: workspace.baseReleaseId,
    changes: changedFiles(live.files, files),
    diff: diffFiles(live.files, files),
    experiments: checkForStudio(files).ok ? experimentWarnings(live.files, files) : null,
  };
}

export interface PreviewAnswer {
  releaseId: number;
  previewToken: string;
  /** Open it to see the workspace as a parent would (docs/releases.md "Previews"). */
  previewUrl: string;
}

const previewUrl = (token: string) => `/?preview=${encodeURIComponent(token)}`;

/**
 * A preview link of the workspace as it is now: the draft release made of its files (a new one when they changed
 * since the last preview). Refused (the check's report) while the files do not pass the check. With an overlay,
 * the draft holds the open file as typed (the live preview's routes changed: ./editor.ts).
 */
export async function previewWorkspace(db: Db, id: number, actor: Actor, overlay?: Overlay): Promise<PreviewAnswer> {
  const { workspace, files } = await filesOf(db, id, overlay);
  if (workspace.previewReleaseId !== null) {
    const previous = await findRelease(db, workspace.previewReleaseId);
    const fresh = previous && Date.now() - previous.createdAt.getTime() < PREVIEW_DAYS * 86_400_000;
    if (previous?.draft && !previous.deletedAt && fresh && previous.previewToken && previous.filesHash === hashFiles(files))
      return { releaseId: previous.id, previewToken: previous.previewToken, previewUrl: previewUrl(previous.previewToken) };
  }
  const draft = await publish(db, {
    files,
    actor,
    draft: true,
    source: 'studio',
    baseId: workspace.baseReleaseId,
    message: `Studio workspace ${workspace.id}`,
  });
  await setWorkspacePreview(db, workspace.id, draft.id);
  return { releaseId: draft.id, previewToken: draft.previewToken!, previewUrl: previewUrl(draft.previewToken!) };
}

/**
 * Publishes the workspace's files (publishers only: the releases' service refuses editors), weighed against the
 * release it was made from; the workspace is read-only afterwards.
 */
export async function publishWorkspace(
  db: Db,
  id: number,
  request: { actor: Actor; message: string; force?: boolean },
): Promise<PublishResult & { workspace: number }> {
  const { workspace, files } = await filesOf(db, id);
  if (workspace.publishedReleaseId !== null)
    throw new StudioRefusal(`Workspace ${workspace.id} was published already, as release ${workspace.publishedReleaseId}.`, 'published');
  const result = await publish(db, {
    files,
    actor: request.actor,
    message: request.message,
    source: 'studio',
    baseId: workspace.baseReleaseId,
    ...(request.force !== undefined ? { force: request.force } : {}),
  });
  if (!result.unchanged) await markWorkspacePublished(db, workspace.id, result.id, now());
  return { ...result, workspace: workspace.id };
}
