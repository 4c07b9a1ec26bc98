import { blocks } from '../../../src/blocks/registry.ts';
import { type CopyEntry, CopyIndex, splitKey } from '../../../src/compiler/checks/copyIndex.ts';
import { type LoadedProject, loadProject } from '../../../src/compiler/load.ts';
import type { ProjectFolders } from '../../../src/compiler/projectFiles.ts';

/** The copy of every language, as the checker reads it (src/compiler/checks/copyIndex.ts). */
export interface Texts {
  root: string;
  copyDir: string;
  /** The language translators translate from: app.yaml's defaultLocale (en). */
  source: string;
  index: CopyIndex;
  /** The source's texts, in file order: what a language has to translate. */
  sourceEntries: CopyEntry[];
}

/** app.yaml's `defaultLocale`, from the file the loader already read (en without one). */
function defaultLocaleOf(project: LoadedProject): string {
  const app = project.configFiles.find((f) => f.kind === 'app')?.data as { app?: { defaultLocale?: unknown } } | undefined;
  return typeof app?.app?.defaultLocale === 'string' ? app.app.defaultLocale : 'en';
}

export function readTexts(dirs: ProjectFolders): Texts {
  const project = loadProject({ ...dirs, blocks });
  const index = new CopyIndex(project.copyFiles, defaultLocaleOf(project));
  const sourceEntries = index.entriesOf(index.source).filter((e) => e.text !== undefined);
  return { root: dirs.root, copyDir: project.copyDir, source: index.source, index, sourceEntries };
}

export const namespaceOf = (key: string) => splitKey(key).namespace;

/** `copy/<locale>/<namespace>.yaml`, relative to the root. */
export const copyFileOf = (texts: Texts, locale: string, namespace: string) => `${texts.copyDir}/${locale}/${namespace}.yaml`;
