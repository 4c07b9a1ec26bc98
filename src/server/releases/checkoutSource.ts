/**
 * The checkout as a source of releases: its `funnels/` and `copy/` as they are, one release. The
 * server's default when no database of releases is given (tests, `npm run dev`). A release's id
 * is made from its files' hash (the same files, the same id, across starts and servers), so an
 * address of it can be cached for good (docs/decisions.md, "A checkout's release id").
 */
import path from 'node:path';
import { hashFiles, readCheckoutFiles } from './files.ts';
import type { ReleaseSnapshot, ReleaseSource } from './source.ts';

/** 48 bits of the files' hash: a safe integer, distinct for distinct files in practice. */
export const checkoutReleaseId = (hash: string): number => Number.parseInt(hash.slice(0, 12), 16);

export interface CheckoutSourceOptions {
  /**
   * Read the folders again when asked for the live release, at most once per this many ms: a
   * saved file becomes a new live release (`npm run dev`). Without it the files are read once.
   */
  followChangesMs?: number;
  clock?: () => number;
}

export function checkoutReleaseSource(
  root: string,
  funnelsDir: string,
  copyDir: string,
  options: CheckoutSourceOptions = {},
): ReleaseSource {
  const clock = options.clock ?? Date.now;
  const funnels = path.resolve(root, funnelsDir);
  const copy = path.resolve(root, copyDir);
  const seen = new Map<number, ReleaseSnapshot>();
  const listeners = new Set<() => void>();
  const read = (): ReleaseSnapshot => {
    const files = readCheckoutFiles({ funnelsDir: funnels, copyDir: copy });
    const id = checkoutReleaseId(hashFiles(files));
    const known = seen.get(id);
    if (known) return known;
    const snapshot = { id, files };
    seen.set(id, snapshot);
    return snapshot;
  };
  let live = read();
  let readAt = clock();
  return {
    async live() {
      const follow = options.followChangesMs;
      if (follow !== undefined && clock() - readAt >= follow) {
        readAt = clock();
        const now = read();
        if (now.id !== live.id) {
          live = now;
          for (const listener of [...listeners]) listener();
        }
      }
      return live;
    },
    async byId(id) {
      return seen.get(id);
    },
    onLiveChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
