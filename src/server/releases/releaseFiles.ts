/**
 * A release's files, read from a checkout and checked: the same checker as `npm run check`, on the
 * files alone. A release names its files `funnels/…` and `copy/…` whatever folders they came from
 * (FUNNELS_DIR, COPY_DIR), so the same files are the same release.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { blocks } from '../../blocks/registry.ts';
import { type CheckResult, checkAndCompile } from '../../compiler/compile.ts';
import type { ReleaseFiles } from './source.ts';

export const RELEASE_FUNNELS_DIR = 'funnels';
export const RELEASE_COPY_DIR = 'copy';

/** Every `.yaml` (and misnamed `.yml`, which the check reports) of the two folders, under their release names, sorted. */
export function readCheckoutFiles(funnelsDir: string, copyDir: string): ReleaseFiles {
  const files: Record<string, string> = {};
  const walk = (dir: string, as: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of entries) {
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs, `${as}/${name}`);
      else if (/\.ya?ml$/.test(name)) files[`${as}/${name}`] = readFileSync(abs, 'utf8');
    }
  };
  walk(path.resolve(funnelsDir), RELEASE_FUNNELS_DIR);
  walk(path.resolve(copyDir), RELEASE_COPY_DIR);
  return files;
}

/** The same files give the same hash (their names and texts, in name order). */
export function filesHash(files: ReleaseFiles): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(files).sort()) hash.update(`${name}\0${files[name]}\0`);
  return hash.digest('hex');
}

/** `npm run check` on the files alone, from memory (nothing is read from disk): paths in its report are `funnels/…`, `copy/…`. */
export function checkReleaseFiles(files: ReleaseFiles): CheckResult {
  return checkAndCompile({ root: process.cwd(), funnelsDir: RELEASE_FUNNELS_DIR, copyDir: RELEASE_COPY_DIR, blocks, files });
}
