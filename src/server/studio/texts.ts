/**
 * The studio's Texts view (docs/translators.md): a language's texts beside the English with their
 * status, edits and translators' files written into the workspace's `copy/<locale>/`. The same
 * tools and messages as `npm run copy` (src/compiler/translations/), run on the workspace's files
 * in memory; every file they change is saved through the studio's save path (./service.ts
 * `saveFile`: path, size and YAML checks, versions, the audit trail).
 */
import { blocks } from '../../blocks/registry.ts';
import type { Format, Unit } from '../../compiler/translations/formats.ts';
import { type FileWrites, importTexts } from '../../compiler/translations/importTexts.ts';
import { SOURCE_HASHES_FILE } from '../../compiler/translations/sourceHashes.ts';
import { type LocaleStatus, localeStatus, type TextState, textStatuses } from '../../compiler/translations/status.ts';
import { readTexts, type Texts } from '../../compiler/translations/texts.ts';
import { exportTexts, importFile } from '../../compiler/translations/transfer.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import type { Actor } from '../releases/service.ts';
import { findWorkspace, lockWorkspace, type WorkspaceFileRow, workspaceFiles } from './repository.ts';
import { StudioRefusal, saveFile } from './service.ts';

/** A translation the translators' checks refuse (placeholders, $t(), <link>, unknown keys, the file's format): nothing saved. */
const translationRefused = (message: string, problems: string[]) => new StudioRefusal(message, 'translation-refused', { problems });
/** A language the workspace has no folder of, or its source language, which is edited in its files. */
const noSuchLanguage = (message: string) => new StudioRefusal(message, 'no-such-language');

export interface TextRow {
  key: string;
  /** The English (the source language's text). */
  source: string;
  /** The language's text; null while it has none. */
  target: string | null;
  state: TextState;
}

export interface LocaleTexts {
  /** The language translated from (app.yaml's defaultLocale). */
  source: string;
  /** Every language the workspace translates into, with its counts. */
  locales: LocaleStatus[];
  locale: string;
  texts: TextRow[];
  /**
   * The version of each of the language's copy files as read (null: the file does not exist yet): a save names them,
   * and one based on a file another operator has saved since is refused (409, both texts), as a save of the file is.
   */
  versions: Record<string, string | null>;
}

const ROOT = '/workspace';

async function filesOrRefuse(db: Db, id: number): Promise<WorkspaceFileRow[]> {
  if (!(await findWorkspace(db, id))) throw new StudioRefusal(`There is no workspace ${id}.`, 'not-found');
  return workspaceFiles(db, id);
}

const textsOf = (rows: WorkspaceFileRow[]): Texts =>
  readTexts({
    root: ROOT,
    funnelsDir: 'funnels',
    copyDir: 'copy',
    blocks,
    files: Object.fromEntries(rows.map((r) => [r.path, r.text])),
  });

const translatedLocales = (texts: Texts) => texts.index.locales.filter((l) => l !== texts.source);

function requireLocale(texts: Texts, locale: string): void {
  if (locale === texts.source)
    throw noSuchLanguage(`${texts.source} is the language the others translate: edit its texts in ${texts.copyDir}/${texts.source}/.`);
  if (!texts.index.locales.includes(locale))
    throw noSuchLanguage(
      `The workspace has no ${texts.copyDir}/${locale}/ (languages: ${translatedLocales(texts).join(', ') || 'none but the source'}).`,
    );
}

/** `locale`'s texts (default: the first language translated into), and the workspace's languages. */
export async function workspaceTexts(db: Db, id: number, locale?: string): Promise<LocaleTexts> {
  const rows = await filesOrRefuse(db, id);
  const texts = textsOf(rows);
  const chosen = locale ?? translatedLocales(texts)[0];
  if (chosen === undefined) throw noSuchLanguage(`The workspace has no language but ${texts.source} to translate into.`);
  requireLocale(texts, chosen);
  const folder = `${texts.copyDir}/${chosen}/`;
  const versions: Record<string, string | null> = {};
  for (const entry of texts.sourceEntries) versions[`${folder}${entry.file.namespace}.yaml`] = null;
  for (const row of rows) if (row.path.startsWith(folder)) versions[row.path] = row.version;
  return {
    source: texts.source,
    locales: translatedLocales(texts).map((l) => localeStatus(texts, l)),
    locale: chosen,
    texts: textStatuses(texts, chosen).map((s) => ({ key: s.key, source: s.source, target: s.target ?? null, state: s.state })),
    versions,
  };
}

export interface TextsSaved {
  /** "Saved 2 text(s) into copy/es/home.yaml; 0 unchanged, 0 left empty." */
  message: string;
  written: number;
  unchanged: number;
  empty: number;
  /** Every file saved: the copy files, and the language's fingerprints. */
  files: string[];
}

/**
 * Saves `writes` in one transaction: a copy file based on the version `versions` names (a conflict refuses them
 * all), the fingerprints on the version just read (they are a map of keys, merged under the workspace's lock).
 */
async function saveWrites(
  tx: Db,
  o: { id: number; rows: WorkspaceFileRow[]; writes: FileWrites; versions: Record<string, string | null> | 'current'; actor: Actor },
): Promise<string[]> {
  const current = new Map(o.rows.map((r) => [r.path, r.version]));
  const saved: string[] = [];
  for (const [path, text] of Object.entries(o.writes)) {
    const fingerprints = path.endsWith(`/${SOURCE_HASHES_FILE}`);
    const baseVersion = o.versions === 'current' || fingerprints ? (current.get(path) ?? null) : (o.versions[path] ?? null);
    const result = await saveFile(tx, { id: o.id, path, text, baseVersion, actor: o.actor });
    if (!result.unchanged) saved.push(path);
  }
  return saved;
}

/** Reads the workspace under its lock (saves take turns) and saves what `change` answers, all or nothing. */
function underLock<T extends { writes: FileWrites }>(
  db: Db,
  id: number,
  locale: string,
  change: (texts: Texts) => T,
  versions: Record<string, string | null> | 'current',
  actor: Actor,
): Promise<T & { saved: string[] }> {
  return inTransaction(db, async (tx) => {
    if (!(await lockWorkspace(tx, id))) throw new StudioRefusal(`There is no workspace ${id}.`, 'not-found');
    const rows = await workspaceFiles(tx, id);
    const texts = textsOf(rows);
    requireLocale(texts, locale);
    const answer = change(texts);
    return { ...answer, saved: await saveWrites(tx, { id, rows, writes: answer.writes, versions, actor }) };
  });
}

/**
 * A translator's edits of `locale` (key → text) saved into its copy files, recorded as translated from today's
 * English; checked as an import is (placeholders, $t(), <link>, known keys). An emptied text is left as it was.
 */
export async function saveTexts(
  db: Db,
  request: { id: number; locale: string; edits: { key: string; text: string }[]; versions: Record<string, string | null>; actor: Actor },
): Promise<TextsSaved> {
  const units: Unit[] = request.edits.map((e) => ({ key: e.key, target: e.text, where: 'Your text' }));
  const done = await underLock(
    db,
    request.id,
    request.locale,
    (texts) => {
      const result = importTexts(texts, request.locale, units);
      if (result.problems.length)
        throw translationRefused(
          `${result.problems.join('\n')}\n\n${result.problems.length} problem(s): nothing was saved.`,
          result.problems,
        );
      return result;
    },
    request.versions,
    request.actor,
  );
  const into = done.files.length ? ` into ${done.files.join(', ')}` : '';
  return {
    message: `Saved ${done.written} text(s)${into}; ${done.unchanged} unchanged, ${done.empty} left empty.`,
    written: done.written,
    unchanged: done.unchanged,
    empty: done.empty,
    files: done.saved,
  };
}

/** A translator's XLIFF or CSV file imported into the workspace as `npm run copy -- import` imports it into a checkout. */
export async function importTextsFile(
  db: Db,
  request: { id: number; locale: string; name: string; text: string; actor: Actor },
): Promise<TextsSaved> {
  const done = await underLock(
    db,
    request.id,
    request.locale,
    (texts) => {
      const outcome = importFile(texts, request.locale, request.name, request.text);
      if (!outcome.ok) throw translationRefused(outcome.message, outcome.problems);
      return { ...outcome.result, message: outcome.message };
    },
    'current',
    request.actor,
  );
  return { message: done.message, written: done.written, unchanged: done.unchanged, empty: done.empty, files: done.saved };
}

/** `locale`'s missing and stale texts (`all`: every text) as a translator's file, and its name. */
export async function exportWorkspaceTexts(
  db: Db,
  request: { id: number; locale: string; format: Format; all: boolean },
): Promise<{ fileName: string; body: string }> {
  const texts = textsOf(await filesOrRefuse(db, request.id));
  requireLocale(texts, request.locale);
  const extension = request.format === 'csv' ? 'csv' : 'xlf';
  return {
    fileName: `workspace-${request.id}-${request.locale}${request.all ? '-all' : ''}.${extension}`,
    body: exportTexts(texts, request.locale, request.format, request.all),
  };
}
