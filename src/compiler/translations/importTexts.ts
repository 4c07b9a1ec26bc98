import { Document, parseDocument } from 'yaml';
import { closestCopyKey, placeholders } from '../checks/copyIndex.ts';
import { nestedKeys } from '../copySplit.ts';
import type { Unit } from './formats.ts';
import { formatSourceHashes, hashOf, sourceHashesPath } from './sourceHashes.ts';
import { copyFileOf, namespaceOf, sourceHashesOf, type Texts } from './texts.ts';

/** Files to write, path (relative to the root) → new text: the tools answer them, their callers write them. */
export type FileWrites = Record<string, string>;

export interface ImportResult {
  /** Nothing is written when there is any: each names the unit and what is wrong. */
  problems: string[];
  written: number;
  unchanged: number;
  empty: number;
  /** The copy files whose texts changed. */
  files: string[];
  /** Those files' new texts, and the language's fingerprints when they changed; none when there are problems. */
  writes: FileWrites;
}

const sorted = (items: string[]) => [...items].sort().join(', ') || 'none';
const links = (text: string) => (text.match(/<\/?link>/g) ?? []).join('');

/** What is wrong with a translation of `source` (the same checks as `npm run check`'s). */
function problemsOf(unit: Unit, source: string): string[] {
  const out: string[] = [];
  const want = placeholders(source);
  const have = placeholders(unit.target);
  if (sorted(want) !== sorted(have))
    out.push(`placeholders ${sorted(have.map((p) => `{${p}}`))}, but the source text has ${sorted(want.map((p) => `{${p}}`))}`);
  const ns = namespaceOf(unit.key);
  if (sorted(nestedKeys(source, ns)) !== sorted(nestedKeys(unit.target, ns))) out.push('other $t(...) texts than the source text');
  if (links(source) !== links(unit.target)) out.push('other <link>…</link> tags than the source text');
  return out;
}

/** The fingerprints file of `locale` with `hashes`, when its text would change. */
function hashesWrite(texts: Texts, locale: string, hashes: Map<string, string>): FileWrites {
  const file = sourceHashesPath(texts.copyDir, locale);
  const text = formatSourceHashes(hashes);
  return texts.read(file) === text ? {} : { [file]: text };
}

/**
 * The units' translations written into `copy/<locale>/`, keeping each file's order and comments
 * (new texts go at the end of their file, a new file in the units' order), with a record of which
 * English each was made from: the source text in the unit (the English the translator saw), else
 * today's, so a translation of an English text that has changed since the export arrives already
 * stale. Importing the same units again changes nothing.
 */
export function importTexts(texts: Texts, locale: string, units: readonly Unit[]): ImportResult {
  const result: ImportResult = { problems: [], written: 0, unchanged: 0, empty: 0, files: [], writes: {} };
  const accepted: { unit: Unit; path: string[] }[] = [];
  for (const unit of units) {
    if (unit.target.trim() === '') {
      result.empty++;
      continue;
    }
    const entry = texts.index.get(texts.source, unit.key);
    if (entry?.text === undefined) {
      const near = closestCopyKey(
        unit.key,
        texts.sourceEntries.map((e) => e.key),
      );
      result.problems.push(
        `${unit.where}: '${unit.key}' is not a text of ${texts.copyDir}/${texts.source}/${near ? ` (did you mean '${near}'?)` : ''}`,
      );
      continue;
    }
    const wrong = problemsOf(unit, entry.text);
    if (wrong.length) result.problems.push(`${unit.where} ('${unit.key}'): the translation has ${wrong.join('; ')}`);
    else accepted.push({ unit, path: entry.path });
  }
  if (result.problems.length) return result;

  const hashes = sourceHashesOf(texts, locale);
  const byFile = new Map<string, typeof accepted>();
  for (const a of accepted) {
    const file = copyFileOf(texts, locale, namespaceOf(a.unit.key));
    byFile.set(file, [...(byFile.get(file) ?? []), a]);
  }
  for (const [file, list] of byFile) {
    const before = texts.read(file);
    const doc = before === undefined ? new Document({}) : parseDocument(before);
    let changed = false;
    for (const { unit, path: keyPath } of list) {
      const current = texts.index.get(texts.source, unit.key)!.text!;
      hashes.set(unit.key, hashOf(unit.source ?? current));
      if (doc.getIn(keyPath) === unit.target) {
        result.unchanged++;
        continue;
      }
      doc.setIn(keyPath, unit.target);
      changed = true;
      result.written++;
    }
    if (!changed) continue;
    result.writes[file] = doc.toString({ lineWidth: 0 });
    result.files.push(file);
  }
  Object.assign(result.writes, hashesWrite(texts, locale, hashes));
  return result;
}

/**
 * Records the current source text of `keys` (default: every translated text) as what `locale`
 * translated: how many, and the fingerprints file to write.
 */
export function markTranslated(texts: Texts, locale: string, keys?: readonly string[]): { marked: number; writes: FileWrites } {
  const hashes = sourceHashesOf(texts, locale);
  let marked = 0;
  for (const entry of texts.sourceEntries) {
    if (keys && !keys.includes(entry.key)) continue;
    if (texts.index.get(locale, entry.key)?.text === undefined) continue;
    hashes.set(entry.key, hashOf(entry.text!));
    marked++;
  }
  return { marked, writes: hashesWrite(texts, locale, hashes) };
}
