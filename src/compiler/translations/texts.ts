/**
 * The copy of every language as the translators' tools read it: from a project's folders on disk
 * (`npm run copy`, scripts/copy.ts) or from a map of its files held in memory (the studio's
 * workspaces, src/server/studio/texts.ts). The tools themselves never touch the file system:
 * they read through `Texts.read` and answer the files to write (./importTexts.ts).
 */
import { type CopyEntry, CopyIndex, splitKey } from '../checks/copyIndex.ts';
import type { BlockRegistry } from '../configSchemas.ts';
import { type LoadedProject, loadProject } from '../load.ts';
import type { ProjectFiles, ProjectFolders } from '../projectFiles.ts';
import { parseSourceHashes, sourceHashesPath } from './sourceHashes.ts';

/** A project file's text by its path relative to the root (`copy/es/home.yaml`), or undefined when there is none. */
export type ReadFile = (path: string) => string | undefined;

/** The copy of every language, as the checker reads it (../checks/copyIndex.ts). */
export interface Texts {
  /** The copy folder relative to the root (as the loader names it): the files' paths start with it. */
  copyDir: string;
  /** The language translators translate from: app.yaml's defaultLocale (en). */
  source: string;
  index: CopyIndex;
  /** The source's texts, in file order: what a language has to translate. */
  sourceEntries: CopyEntry[];
  read: ReadFile;
}

export interface TextsOptions extends ProjectFolders {
  /** The block registry (src/blocks/registry.ts), which the loader needs and the compiler does not import. */
  blocks: BlockRegistry;
  /** The project's files in memory; else they are read from the folders. */
  files?: ProjectFiles;
  /** How the files that are not YAML (the fingerprints) are read; by default from `files`. */
  read?: ReadFile;
}

/** app.yaml's `defaultLocale`, from the file the loader already read (en without one). */
function defaultLocaleOf(project: LoadedProject): string {
  const app = project.configFiles.find((f) => f.kind === 'app')?.data as { app?: { defaultLocale?: unknown } } | undefined;
  return typeof app?.app?.defaultLocale === 'string' ? app.app.defaultLocale : 'en';
}

/**
 * What the texts need of a project's files: the copy, and the app's config for its defaultLocale (the file whose
 * top-level key is `app:`, as the loader tells kinds). Loading only these takes a third of the time of loading all.
 */
function textFiles(files: ProjectFiles, copyDir: string): ProjectFiles {
  return Object.fromEntries(Object.entries(files).filter(([path, text]) => path.startsWith(`${copyDir}/`) || /^app:/m.test(text)));
}

export function readTexts(o: TextsOptions): Texts {
  const { files } = o;
  const project = loadProject({
    root: o.root,
    funnelsDir: o.funnelsDir,
    copyDir: o.copyDir,
    blocks: o.blocks,
    ...(files ? { files: textFiles(files, o.copyDir) } : {}),
  });
  const index = new CopyIndex(project.copyFiles, defaultLocaleOf(project));
  const sourceEntries = index.entriesOf(index.source).filter((e) => e.text !== undefined);
  const read = o.read ?? ((path: string) => files?.[path]);
  return { copyDir: project.copyDir, source: index.source, index, sourceEntries, read };
}

export const namespaceOf = (key: string) => splitKey(key).namespace;

/** `copy/<locale>/<namespace>.yaml`, relative to the root. */
export const copyFileOf = (texts: Texts, locale: string, namespace: string) => `${texts.copyDir}/${locale}/${namespace}.yaml`;

/** What `locale`'s translations were made from (./sourceHashes.ts). */
export const sourceHashesOf = (texts: Texts, locale: string) => parseSourceHashes(texts.read(sourceHashesPath(texts.copyDir, locale)));
