/**
 * A release's files as data: their hash, what changed between two sets, and the checkout's
 * files read into that shape or written back into it (`npm run release -- pull`). Paths are
 * `funnels/…` and `copy/…` whatever folders FUNNELS_DIR and COPY_DIR name (the compiler's
 * readProjectFiles keys them relative to a root, which a FUNNELS_DIR elsewhere is not under).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SOURCE_HASHES_FILE } from '../../compiler/translations/sourceHashes.ts';
import type { ReleaseFiles } from './source.ts';

export interface CheckoutDirs {
  /** Absolute, or relative to the working directory. */
  funnelsDir: string;
  copyDir: string;
}

/** The folders a release's paths start with. */
export const RELEASE_FOLDERS = { funnels: 'funnels', copy: 'copy' } as const;

/**
 * What a release holds of a folder: what the checker reads (src/compiler/projectFiles.ts readProjectFiles), its .yaml
 * and .yml files, and each language's fingerprints of the English its texts translate, which the studio's Texts view
 * reads and writes as `npm run copy` does (docs/translators.md).
 */
const isReleaseFile = (name: string) => /\.ya?ml$/.test(name) || name === SOURCE_HASHES_FILE;

/** SHA-256 over the sorted paths and texts: equal files, equal hash. */
export function hashFiles(files: ReleaseFiles): string {
  const hash = createHash('sha256');
  for (const key of Object.keys(files).sort()) hash.update(`${key}\0${files[key]}\0`);
  return hash.digest('hex');
}

export interface FileChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

export function changedFiles(before: ReleaseFiles, after: ReleaseFiles): FileChanges {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const key of Object.keys(after).sort()) {
    if (!(key in before)) added.push(key);
    else if (before[key] !== after[key]) changed.push(key);
  }
  for (const key of Object.keys(before).sort()) if (!(key in after)) removed.push(key);
  return { added, changed, removed };
}

export const allChanged = (changes: FileChanges) => [...changes.added, ...changes.changed, ...changes.removed].sort();

/** "3 files: funnels/home.yaml, copy/en/home.yaml (+1 more)": for lists and logs. */
export function describeChanges(changes: FileChanges, max = 4): string {
  const all = allChanged(changes);
  if (all.length === 0) return 'no file changed';
  const shown = all.slice(0, max).join(', ');
  return `${all.length} file${all.length === 1 ? '' : 's'}: ${shown}${all.length > max ? ` (+${all.length - max} more)` : ''}`;
}

function walk(dir: string, prefix: string, out: Record<string, string>) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(abs, `${prefix}/${entry.name}`, out);
    else if (entry.isFile() && isReleaseFile(entry.name)) out[`${prefix}/${entry.name}`] = readFileSync(abs, 'utf8');
  }
}

/** The checkout's files as a release would hold them. A missing folder gives no file (the check then says so). */
export function readCheckoutFiles(dirs: CheckoutDirs): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [dir, prefix] of [
    [dirs.funnelsDir, RELEASE_FOLDERS.funnels],
    [dirs.copyDir, RELEASE_FOLDERS.copy],
  ] as const) {
    const abs = path.resolve(dir);
    if (existsSync(abs) && statSync(abs).isDirectory()) walk(abs, prefix, files);
  }
  return files;
}

/** Where a release path lives in the checkout, or null when it is not under funnels/ or copy/ (or climbs out). */
export function checkoutPath(dirs: CheckoutDirs, releasePath: string): string | null {
  const [folder, ...rest] = releasePath.split('/');
  const base = folder === RELEASE_FOLDERS.funnels ? dirs.funnelsDir : folder === RELEASE_FOLDERS.copy ? dirs.copyDir : null;
  if (base === null || rest.length === 0 || rest.some((part) => part === '' || part === '.' || part === '..')) return null;
  return path.join(path.resolve(base), ...rest);
}

/**
 * Makes the checkout's funnels/ and copy/ hold exactly the release's files: each written, and
 * each release file of the checkout the release does not have removed. Answers what changed.
 */
export function writeCheckoutFiles(dirs: CheckoutDirs, files: ReleaseFiles): FileChanges {
  const before = readCheckoutFiles(dirs);
  const changes = changedFiles(before, files);
  for (const key of [...changes.added, ...changes.changed]) {
    const target = checkoutPath(dirs, key);
    if (!target) throw new Error(`The release holds a file outside funnels/ and copy/: ${key}`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, files[key]!);
  }
  for (const key of changes.removed) {
    const target = checkoutPath(dirs, key);
    if (target) rmSync(target, { force: true });
  }
  return changes;
}

/** How to bring a checkout and a release published since the last deploy together (the deploy's log and `release list`). */
export const reconcileAdvice = (liveId: number) =>
  `To reconcile: \`npm run release -- pull\` writes release ${liveId}'s files into the checkout; commit them and deploy again.`;
