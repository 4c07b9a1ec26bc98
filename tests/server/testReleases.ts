/**
 * Releases of a test's making, served through the ReleaseSource interface a database source
 * implements (src/server/releases/source.ts): `publish` makes one live and tells the listeners.
 */
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/build.ts';
import { readCheckoutFiles } from '../../src/server/releases/files.ts';
import type { ReleaseFiles, ReleaseSnapshot, ReleaseSource } from '../../src/server/releases/source.ts';

/** The repository's funnels and copy, as release files. */
export const checkoutFiles = (): ReleaseFiles =>
  readCheckoutFiles({ funnelsDir: path.join(repoRoot, 'funnels'), copyDir: path.join(repoRoot, 'copy') });

/** `files` with `from` replaced by `to` in one file (which must have it). */
export function edited(files: ReleaseFiles, file: string, from: string, to: string): ReleaseFiles {
  const text = files[file];
  if (text === undefined || !text.includes(from)) throw new Error(`${file} has no '${from}'.`);
  return { ...files, [file]: text.replace(from, to) };
}

export function testReleaseSource(first: ReleaseSnapshot) {
  const releases = new Map([[first.id, first]]);
  let live = first.id;
  const listeners = new Set<() => void>();
  const source: ReleaseSource = {
    live: async () => releases.get(live)!,
    byId: async (id) => releases.get(id),
    onLiveChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    source,
    publish(release: ReleaseSnapshot) {
      releases.set(release.id, release);
      live = release.id;
      for (const listener of listeners) listener();
    },
  };
}
