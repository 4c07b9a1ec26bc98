import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { type CopyEntry, CopyIndex, splitKey } from '../../../src/config/checks/copyIndex.ts';
import { loadProject } from '../../../src/config/load.ts';

/** The copy of every language, as the checker reads it (src/config/checks/copyIndex.ts). */
export interface Texts {
  root: string;
  copyDir: string;
  /** The language translators translate from: app.yaml's defaultLocale (en). */
  source: string;
  index: CopyIndex;
  /** The source's texts, in file order: what a language has to translate. */
  sourceEntries: CopyEntry[];
}

export interface Dirs {
  root: string;
  funnelsDir: string;
  copyDir: string;
}

function defaultLocaleOf(root: string, funnelsDir: string): string {
  const appFile = path.join(root, funnelsDir, 'app.yaml');
  if (!existsSync(appFile)) return 'en';
  const locale = (parse(readFileSync(appFile, 'utf8')) as { app?: { defaultLocale?: unknown } } | null)?.app?.defaultLocale;
  return typeof locale === 'string' ? locale : 'en';
}

export function readTexts(dirs: Dirs): Texts {
  const project = loadProject(dirs);
  const index = new CopyIndex(project.copyFiles, defaultLocaleOf(dirs.root, dirs.funnelsDir));
  const sourceEntries = index.entriesOf(index.source).filter((e) => e.text !== undefined);
  return { root: dirs.root, copyDir: project.copyDir, source: index.source, index, sourceEntries };
}

export const namespaceOf = (key: string) => splitKey(key).namespace;

/** `copy/<locale>/<namespace>.yaml`, relative to the root. */
export const copyFileOf = (texts: Texts, locale: string, namespace: string) => `${texts.copyDir}/${locale}/${namespace}.yaml`;
