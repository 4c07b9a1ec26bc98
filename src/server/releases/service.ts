/**
 * Keeping and changing releases (docs/releases.md): publish (or save as a draft), roll back,
 * delete a draft, list, compare, read one. Every change of the live release is checked against
 * this code first, made in one transaction with the catalog it carries and an audit entry, and
 * announced to every instance (./liveChanges.ts here, PostgreSQL NOTIFY elsewhere).
 */
import { randomBytes } from 'node:crypto';
import { catalogChanged } from '../catalog/cache.ts';
import { CatalogFileError } from '../catalog/catalogFileError.ts';
import { importCatalog, importPreviewEntries } from '../catalog/import.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import type { OperatorRole, ReleaseAction, ReleaseSourceKind } from '../db/types.ts';
import { checkReleaseFiles, readReleaseCatalog } from './check.ts';
import { PREVIEW_DAYS, type ReleaseSummary } from './endpoints.ts';
import { experimentWarnings } from './experimentGuard.ts';
import { allChanged, changedFiles, type FileChanges, hashFiles } from './files.ts';
import { announceLiveChange } from './liveChanges.ts';
import { ReleaseRefusal } from './refusal.ts';
import {
  findPreviewableDraft,
  findPublishedBefore,
  findRelease,
  insertAudit,
  insertRelease,
  listAudit,
  listReleases,
  lockReleases,
  markDraftDeleted,
  markPublished,
  notifyLiveChanged,
  type ReleaseRow,
  readReleaseState,
  writeReleaseState,
} from './repository.ts';
import type { ReleaseFiles } from './source.ts';

/** Who asks: an operator's email and role, or the person at this machine (`cli:<user>`, a publisher). */
export interface Actor {
  name: string;
  role: OperatorRole;
}

export interface PublishRequest {
  files: ReleaseFiles;
  actor: Actor;
  message?: string;
  source: ReleaseSourceKind;
  draft?: boolean;
  /** Publish even when it would undo a publish made since the base, or change a running experiment's variants. */
  force?: boolean;
  /** The release the files were made from; default: the release the last deploy made or found live (a checkout's). */
  baseId?: number | null;
}

export interface PublishResult {
  id: number;
  draft: boolean;
  /** Nothing new: the files are the live release's (no release made). */
  unchanged: boolean;
  previewToken: string | null;
  changes: FileChanges;
  warnings: string[];
}

export interface LiveChangeResult {
  id: number;
  previousLiveId: number | null;
  warnings: string[];
}

const now = () => new Date();

function requirePublisher(actor: Actor, what: string) {
  if (actor.role !== 'publisher')
    throw new ReleaseRefusal(`${actor.name} is an editor: editors make drafts; ${what} needs a publisher (docs/operator.md).`, 'role');
}

function checkOrRefuse(files: ReleaseFiles, what: string) {
  const check = checkReleaseFiles(files);
  if (!check.ok) throw new ReleaseRefusal(`${what} does not pass the check; nothing changed.\n\n${check.report.trimEnd()}`, 'check');
  return check;
}

function catalogOf(files: ReleaseFiles) {
  try {
    return readReleaseCatalog(files);
  } catch (error) {
    if (error instanceof CatalogFileError) throw new ReleaseRefusal(`The release's catalog cannot be read: ${error.message}`, 'check');
    throw error;
  }
}

/**
 * The files a publish from `baseId` would undo: changed on the live release since the base, and
 * not as live has them in the upload.
 */
async function undone(db: Db, files: ReleaseFiles, live: ReleaseRow, baseId: number | null): Promise<string[]> {
  if (baseId === live.id) return [];
  const base = baseId === null ? undefined : await findRelease(db, baseId);
  const sinceBase = allChanged(changedFiles(base?.files ?? {}, live.files));
  return sinceBase.filter((path) => files[path] !== live.files[path]);
}

interface MakeLive {
  release: ReleaseRow;
  previousLiveId: number | null;
  action: ReleaseAction;
  actor: Actor;
  detail: Record<string, unknown>;
  /** Also record the release as the one the last deploy made or found live. */
  deployed?: boolean;
}

/** In the caller's transaction (which holds the releases' lock): the catalog, the pointer, the audit, the announcement. */
async function makeLive(tx: Db, change: MakeLive): Promise<void> {
  const at = now();
  await importCatalog(tx, catalogOf(change.release.files));
  if (change.release.draft) await markPublished(tx, change.release.id);
  await writeReleaseState(tx, { liveId: change.release.id, ...(change.deployed ? { deployedId: change.release.id } : {}) }, at);
  await insertAudit(tx, {
    at,
    actor: change.actor.name,
    action: change.action,
    releaseId: change.release.id,
    previousLiveId: change.previousLiveId,
    detail: change.detail,
  });
  await notifyLiveChanged(tx, change.release.id);
}

/** After the commit: this process's caches and sources hear it now. */
function afterLiveChange(liveId: number) {
  catalogChanged();
  announceLiveChange(liveId);
}

export async function publish(db: Db, request: PublishRequest): Promise<PublishResult> {
  if (!request.draft) requirePublisher(request.actor, 'publishing');
  const files = { ...request.files };
  checkOrRefuse(files, 'This release');
  catalogOf(files);
  const filesHash = hashFiles(files);
  const result = await inTransaction(db, async (tx) => {
    await lockReleases(tx);
    const state = await readReleaseState(tx);
    const live = state ? await findRelease(tx, state.liveId) : undefined;
    if (live && live.filesHash === filesHash && !request.draft)
      return { id: live.id, draft: false, unchanged: true, previewToken: null, changes: changedFiles(live.files, files), warnings: [] };
    const warnings: string[] = [];
    // Never deployed (releases made by the CLI alone): no publish since a deploy to undo.
    const baseId = request.baseId !== undefined ? request.baseId : (state?.deployedId ?? live?.id ?? null);
    // A draft changes nothing live: what it would undo is weighed when it is published (changeLive).
    if (live && !request.draft) {
      const lost = await undone(tx, files, live, baseId);
      if (lost.length > 0 && !request.force)
        throw new ReleaseRefusal(
          `Release ${live.id} is live and was published after ${baseId === null ? 'this checkout was deployed' : `release ${baseId}`}; ` +
            `this release would undo its changes to ${lost.join(', ')}. ` +
            'Run `npm run release -- pull`, keep those changes, and publish again (or publish with --force to undo them).',
          'conflict',
        );
      const guard = experimentWarnings(live.files, files);
      if (guard.refusals.length > 0 && !request.force)
        throw new ReleaseRefusal(`${guard.refusals.join('\n')}\nPublish with --force to change them anyway.`, 'experiment');
      warnings.push(...guard.warnings, ...(request.force ? guard.refusals : []));
      if (lost.length > 0) warnings.push(`Published with --force: the changes of release ${live.id} to ${lost.join(', ')} are undone.`);
    }
    const at = now();
    const previewToken = request.draft ? randomBytes(18).toString('base64url') : null;
    const id = await insertRelease(tx, {
      // A draft's parent is what it was made from (its base), which its publish is weighed against.
      parentId: request.draft ? (baseId ?? live?.id ?? null) : (live?.id ?? null),
      author: request.actor.name,
      message: request.message ?? '',
      source: request.source,
      files,
      filesHash,
      draft: request.draft === true,
      previewToken,
      at,
    });
    const release = (await findRelease(tx, id))!;
    if (request.draft) {
      // Its new offers and partners, inactive, for its preview to sell.
      await importPreviewEntries(tx, catalogOf(files), id);
      await insertAudit(tx, {
        at,
        actor: request.actor.name,
        action: 'draft',
        releaseId: id,
        previousLiveId: live?.id ?? null,
        detail: {},
      });
    } else {
      await makeLive(tx, {
        release,
        previousLiveId: live?.id ?? null,
        action: request.source === 'deploy' ? 'deploy' : 'publish',
        actor: request.actor,
        detail: { message: release.message, source: release.source, force: request.force === true },
        deployed: request.source === 'deploy',
      });
    }
    return { id, draft: request.draft === true, unchanged: false, previewToken, changes: changedFiles(live?.files ?? {}, files), warnings };
  });
  if (result.draft) catalogChanged();
  else if (!result.unchanged) afterLiveChange(result.id);
  return result;
}

/** Publishes a draft: it becomes the live release. */
export async function publishDraft(db: Db, request: { id: number; actor: Actor; force?: boolean }): Promise<LiveChangeResult> {
  requirePublisher(request.actor, 'publishing');
  const target = await findRelease(db, request.id);
  if (!target?.draft || target.deletedAt)
    throw new ReleaseRefusal(
      target && !target.draft ? `Release ${request.id} is not a draft: roll back to it instead.` : `There is no draft ${request.id}.`,
      'not-found',
    );
  checkOrRefuse(target.files, `Draft ${target.id}, checked against this server's code,`);
  return changeLive(db, target, request.actor, 'publish', request.force === true);
}

/** Makes an earlier release live again (by default the one before live). */
export async function rollback(db: Db, request: { to?: number; actor: Actor; force?: boolean }): Promise<LiveChangeResult> {
  requirePublisher(request.actor, 'rolling back');
  const state = await readReleaseState(db);
  if (!state) throw new ReleaseRefusal('There is no release yet: nothing to roll back.', 'not-found');
  const target = request.to === undefined ? await findPublishedBefore(db, state.liveId) : await findRelease(db, request.to);
  if (!target)
    throw new ReleaseRefusal(
      request.to === undefined ? `Release ${state.liveId} is the first: there is none before it.` : `There is no release ${request.to}.`,
      'not-found',
    );
  if (target.id === state.liveId) throw new ReleaseRefusal(`Release ${target.id} is live already.`, 'invalid');
  if (target.draft)
    throw new ReleaseRefusal(
      `Release ${target.id} is a draft${target.deletedAt ? ' (deleted)' : ''}: ` +
        `publish it (npm run release -- publish ${target.id}) instead.`,
      'invalid',
    );
  checkOrRefuse(target.files, `Release ${target.id}, checked against this server's code,`);
  return changeLive(db, target, request.actor, 'rollback', request.force === true);
}

async function changeLive(db: Db, target: ReleaseRow, actor: Actor, action: ReleaseAction, force: boolean): Promise<LiveChangeResult> {
  const result = await inTransaction(db, async (tx) => {
    await lockReleases(tx);
    const state = await readReleaseState(tx);
    const live = state ? await findRelease(tx, state.liveId) : undefined;
    const guard = live ? experimentWarnings(live.files, target.files) : { warnings: [], refusals: [] };
    if (guard.refusals.length > 0 && !force)
      throw new ReleaseRefusal(`${guard.refusals.join('\n')}\nRun it with --force to change them anyway.`, 'experiment');
    const warnings = [...guard.warnings, ...(force ? guard.refusals : [])];
    if (live && target.draft) {
      const lost = await undone(tx, target.files, live, target.parentId);
      if (lost.length > 0 && !force)
        throw new ReleaseRefusal(
          `Draft ${target.id} was made from release ${target.parentId}; release ${live.id}, live since, changed ${lost.join(', ')}, ` +
            'which publishing the draft would undo. Make the draft again from the live release, or publish it with --force.',
          'conflict',
        );
      if (lost.length > 0) warnings.push(`Published with --force: the changes of release ${live.id} to ${lost.join(', ')} are undone.`);
    }
    await makeLive(tx, { release: target, previousLiveId: live?.id ?? null, action, actor, detail: { force } });
    return { id: target.id, previousLiveId: live?.id ?? null, warnings };
  });
  afterLiveChange(result.id);
  return result;
}

export async function deleteDraft(db: Db, request: { id: number; actor: Actor }): Promise<void> {
  await inTransaction(db, async (tx) => {
    const release = await findRelease(tx, request.id);
    if (!release?.draft || release.deletedAt) throw new ReleaseRefusal(`There is no draft ${request.id} to delete.`, 'not-found');
    if (release.author !== request.actor.name) requirePublisher(request.actor, `deleting ${release.author}'s draft`);
    await markDraftDeleted(tx, request.id, now());
    const state = await readReleaseState(tx);
    await insertAudit(tx, {
      at: now(),
      actor: request.actor.name,
      action: 'delete-draft',
      releaseId: request.id,
      previousLiveId: state?.liveId ?? null,
      detail: {},
    });
  });
}

/** The draft a preview link (`/?preview=<token>`) shows, while it works: 7 days, and not deleted. */
export async function previewDraft(db: Db, token: string): Promise<ReleaseFilesAnswer | undefined> {
  if (!/^[\w-]{16,64}$/.test(token)) return undefined;
  const draft = await findPreviewableDraft(db, token, new Date(Date.now() - PREVIEW_DAYS * 86_400_000));
  return draft ? { id: draft.id, files: draft.files } : undefined;
}

const previewWorks = (release: ReleaseRow, at: Date) =>
  release.draft && !release.deletedAt && at.getTime() - release.createdAt.getTime() < PREVIEW_DAYS * 86_400_000;

export async function listReleaseSummaries(db: Db, limit = 50): Promise<ReleaseSummary[]> {
  const state = await readReleaseState(db);
  const rows = await listReleases(db, limit);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const at = now();
  const summaries: ReleaseSummary[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : (byId.get(row.parentId) ?? (await findRelease(db, row.parentId)));
    if (parent) byId.set(parent.id, parent);
    summaries.push({
      id: row.id,
      parentId: row.parentId,
      status: row.id === state?.liveId ? 'live' : row.deletedAt ? 'deleted' : row.draft ? 'draft' : 'earlier',
      createdAt: row.createdAt.toISOString(),
      author: row.author,
      message: row.message,
      source: row.source,
      changes: changedFiles(parent?.files ?? {}, row.files),
      previewToken: previewWorks(row, at) ? row.previewToken : null,
    });
  }
  return summaries;
}

export interface ReleaseFilesAnswer {
  id: number;
  files: ReleaseFiles;
}

/** A release's files: `live`, or an id. */
export async function releaseFiles(db: Db, which: number | 'live'): Promise<ReleaseFilesAnswer> {
  const id = which === 'live' ? (await readReleaseState(db))?.liveId : which;
  const release = id === undefined ? undefined : await findRelease(db, id);
  if (!release) throw new ReleaseRefusal(which === 'live' ? 'There is no release yet.' : `There is no release ${which}.`, 'not-found');
  return { id: release.id, files: release.files };
}

export async function auditTrail(db: Db, limit = 100) {
  return listAudit(db, limit);
}
