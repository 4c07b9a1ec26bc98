/**
 * A release's files checked by the same checker as `npm run check` (src/compiler/compile.ts),
 * against this server's own code (its block registry, actions, rules), reading them from memory
 * (once per process: ./releaseFiles.ts);
 * and the catalog read from them, which src/server/catalog/read.ts reads from folders: the files
 * are laid out in a scratch folder for it (once per process too: a release never changes).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompiledProject } from '../../compiler/compile.ts';
import { type Diagnostic, isError } from '../../compiler/diagnostic.ts';
import type { SourceFile } from '../../compiler/load.ts';
import { formatReport } from '../../compiler/report.ts';
import type { Catalog } from '../../language/schema/catalog.ts';
import { CatalogFileError } from '../catalog/catalogFileError.ts';
import { readCatalog } from '../catalog/read.ts';
import { checkoutPath, hashFiles, RELEASE_FOLDERS } from './files.ts';
import { checkFilesOnce } from './releaseFiles.ts';
import type { ReleaseFiles } from './source.ts';

export interface ReleaseCheck {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** The files as the checker read them (for the report's code frames). */
  sourceFiles: SourceFile[];
  /** `npm run check`'s report: `file:line:col: error FL…: message`, code frames, summary. */
  report: string;
  /** Present only when there is no error. */
  compiled?: CompiledProject;
}

/** Runs `use` on a scratch project root holding the files under funnels/ and copy/; removed afterwards. */
function onDisk<T>(files: ReleaseFiles, use: (root: string) => T): T {
  const root = mkdtempSync(path.join(tmpdir(), 'release-'));
  try {
    const dirs = { funnelsDir: path.join(root, RELEASE_FOLDERS.funnels), copyDir: path.join(root, RELEASE_FOLDERS.copy) };
    mkdirSync(dirs.funnelsDir);
    mkdirSync(dirs.copyDir);
    for (const [key, text] of Object.entries(files)) {
      const target = checkoutPath(dirs, key);
      if (!target) continue; // never laid out; checkReleaseFiles reports it
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    return use(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function checkReleaseFiles(files: ReleaseFiles): ReleaseCheck {
  const outside = Object.keys(files).filter((key) => checkoutPath({ funnelsDir: 'f', copyDir: 'c' }, key) === null);
  if (outside.length > 0) {
    const report = `A release holds files of funnels/ and copy/ only, not: ${outside.join(', ')}\n`;
    return { ok: false, diagnostics: [], sourceFiles: [], report };
  }
  const result = checkFilesOnce(files);
  const ok = !result.diagnostics.some(isError) && result.compiled !== undefined;
  return {
    ok,
    diagnostics: result.diagnostics,
    sourceFiles: result.files,
    report: formatReport(result.diagnostics, result.files, { codes: true }),
    ...(result.compiled ? { compiled: result.compiled } : {}),
  };
}

/** The last catalogs read, by the files' hash: a publish reads its catalog twice, a rollback to a release seen before not at all. */
const catalogs = new Map<string, { catalog: Catalog } | { error: CatalogFileError }>();
const CATALOGS_KEPT = 8;

/** The catalog the release's funnels/ declare (catalog.yaml and the partner funnels' offers). Throws CatalogFileError. */
export function readReleaseCatalog(files: ReleaseFiles): Catalog {
  const hash = hashFiles(files);
  let read = catalogs.get(hash);
  if (!read) {
    try {
      read = { catalog: onDisk(files, (root) => readCatalog(RELEASE_FOLDERS.funnels, root)) };
    } catch (error) {
      if (!(error instanceof CatalogFileError)) throw error; // a scratch folder that could not be written: not the files' fault
      read = { error };
    }
    catalogs.set(hash, read);
    if (catalogs.size > CATALOGS_KEPT) catalogs.delete(catalogs.keys().next().value!);
  }
  if ('error' in read) throw read.error;
  return read.catalog;
}
