/**
 * The deploy rule, applied at every start of the server (docs/releases.md):
 *
 * - a new database: the checkout's funnels/ and copy/ become release 1 (source `deploy`);
 * - the checkout equals the live release: nothing to do (it is recorded as what the deploy found live);
 * - the checkout differs and nobody published since the last deploy: the checkout becomes a new
 *   release (source `deploy`);
 * - the checkout differs and someone published since (CLI, studio): the live release stays, and
 *   the log names the files that differ and how to reconcile. A deploy never undoes a publish.
 *
 * A checkout that does not pass the check is never made a release: the start stops (`npm run dev`
 * keeps the live release instead, its browser overlay showing the mistakes). The release served
 * must pass this code's check: when it does not (a block it uses was removed,
 * say), the server refuses to start and says which release and why, so the instances already
 * running keep serving it and nothing half-works (docs/decisions.md).
 */
import type { Db } from '../db/transaction.ts';
import { checkReleaseFiles } from './check.ts';
import { allChanged, type CheckoutDirs, changedFiles, hashFiles, readCheckoutFiles, reconcileAdvice } from './files.ts';
import { ReleaseRefusal } from './refusal.ts';
import { findRelease, readReleaseState, writeReleaseState } from './repository.ts';
import { publish } from './service.ts';

/** The server must not start: the message says which release fails and what to do. */
export class ReleaseStartError extends Error {
  override name = 'ReleaseStartError';
}

export type DeployOutcome =
  | { kind: 'first' | 'new'; liveId: number }
  | { kind: 'same'; liveId: number }
  | { kind: 'kept'; liveId: number; differing: string[] };

const DEPLOY_ACTOR = { name: 'deploy', role: 'publisher' } as const;

export interface DeployOptions extends CheckoutDirs {
  log?: (message: string) => void;
  /** A checkout that does not pass: stop the start (default), or keep the live release and log why (`npm run dev`). */
  brokenCheckout?: 'stop' | 'keep-live';
}

export async function deployCheckout(db: Db, dirs: DeployOptions): Promise<DeployOutcome> {
  const files = readCheckoutFiles(dirs);
  const state = await readReleaseState(db);
  const live = state ? await findRelease(db, state.liveId) : undefined;
  if (state && live && live.filesHash === hashFiles(files)) {
    requirePasses(live.id, live.files);
    if (state.deployedId !== live.id) await writeReleaseState(db, { liveId: live.id, deployedId: live.id }, new Date());
    return { kind: 'same', liveId: live.id };
  }
  if (state && live && state.deployedId !== live.id) {
    const differing = allChanged(changedFiles(live.files, files));
    requirePasses(live.id, live.files, ' (it was published after the last deploy, and the checkout differs from it)');
    dirs.log?.(
      `Releases: release ${live.id} was published after the last deploy, so it stays live; ` +
        `this checkout differs from it in ${differing.join(', ')}. ${reconcileAdvice(live.id)}`,
    );
    return { kind: 'kept', liveId: live.id, differing };
  }
  try {
    const result = await publish(db, {
      files,
      actor: DEPLOY_ACTOR,
      source: 'deploy',
      message: live ? 'The checkout as deployed' : 'The checkout at the first start',
      baseId: live?.id ?? null,
      force: true, // a deploy's experiment changes were reviewed with the code; they are logged below
    });
    for (const warning of result.warnings) dirs.log?.(`Releases: ${warning}`);
    dirs.log?.(`Releases: the checkout is release ${result.id}, live (source deploy).`);
    return { kind: live ? 'new' : 'first', liveId: result.id };
  } catch (error) {
    if (error instanceof ReleaseRefusal && live && dirs.brokenCheckout === 'keep-live') {
      requirePasses(live.id, live.files);
      dirs.log?.(`Releases: release ${live.id} stays live; the checkout cannot become a release: ${error.message}`);
      return { kind: 'kept', liveId: live.id, differing: allChanged(changedFiles(live.files, files)) };
    }
    if (error instanceof ReleaseRefusal)
      throw new ReleaseStartError(
        `The checkout's funnels/ and copy/ cannot become a release: ${error.message}` +
          (live ? `\nRelease ${live.id} stays live; no release was made.` : ''),
      );
    throw error;
  }
}

function requirePasses(id: number, files: Record<string, string>, why = '') {
  const check = checkReleaseFiles(files);
  if (!check.ok)
    throw new ReleaseStartError(
      `The live release ${id}${why} does not pass this code's check, and a server never serves such a release. ` +
        'Publish a release that passes, or roll back to one (npm run release -- rollback ID), then start again.\n\n' +
        check.report.trimEnd(),
    );
}
