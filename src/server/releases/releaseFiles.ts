/**
 * A release's files checked: the same checker as `npm run check`, on the files alone. A release names its files
 * `funnels/…` and `copy/…` whatever folders they came from (FUNNELS_DIR, COPY_DIR), so the same files are the same
 * release, and are checked once per process (a server's start, its deploy rule and a publish check the same files;
 * tests start hundreds of servers on the checkout).
 */
import { blocks } from '../../blocks/registry.ts';
import { type CheckResult, checkAndCompile, createCheckCache } from '../../compiler/compile.ts';
import { hashFiles, RELEASE_FOLDERS } from './files.ts';
import type { ReleaseFiles } from './source.ts';

/** The last checks, by the files' hash (a check's result is never changed after it is made). */
const checked = new Map<string, CheckResult>();
const CHECKS_KEPT = 8;
/**
 * The compiler's own cache (as the Vite plugin keeps one): a file whose text did not change since the last check is
 * not parsed or validated again. Releases share most files, and the studio checks a workspace after each save
 * (src/server/studio/diagnostics.ts): after a one-file change only that file is read again (docs/decisions.md).
 */
const compilerCache = createCheckCache();

/** `npm run check` on the files alone, from memory (nothing is read from disk): paths in its report are `funnels/…`, `copy/…`. */
export function checkFilesOnce(files: ReleaseFiles): CheckResult {
  const hash = hashFiles(files);
  const known = checked.get(hash);
  if (known) return known;
  const result = checkAndCompile({
    root: process.cwd(),
    funnelsDir: RELEASE_FOLDERS.funnels,
    copyDir: RELEASE_FOLDERS.copy,
    blocks,
    files,
    cache: compilerCache,
  });
  checked.set(hash, result);
  if (checked.size > CHECKS_KEPT) checked.delete(checked.keys().next().value!);
  return result;
}
