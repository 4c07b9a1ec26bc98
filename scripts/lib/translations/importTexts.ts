import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Document, parseDocument } from 'yaml';
import { closestCopyKey, placeholders } from '../../../src/compiler/checks/copyIndex.ts';
import { nestedKeys } from '../../../src/compiler/copySplit.ts';
import type { Unit } from './formats.ts';
import { hashOf, readSourceHashes, writeSourceHashes } from './sourceHashes.ts';
import { copyFileOf, namespaceOf, type Texts } from './texts.ts';

export interface ImportResult {
  /** Nothing is written when there is any: each names the unit and what is wrong. */
  problems: string[];
  written: number;
  unchanged: number;
  empty: number;
  files: string[];
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

/**
 * Writes the units' translations into `copy/<locale>/`, keeping each file's order and comments
 * (new texts go where the source has them when the file is new, else at the end), and records
 * which English each was made from: the source text in the file, so a translation of an English
 * text that has changed since the export arrives already stale. Importing the same file again
 * changes nothing.
 */
export function importTexts(texts: Texts, locale: string, units: readonly Unit[]): ImportResult {
  const result: ImportResult = { problems: [], written: 0, unchanged: 0, empty: 0, files: [] };
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

  const hashes = readSourceHashes(texts.root, texts.copyDir, locale);
  const byFile = new Map<string, typeof accepted>();
  for (const a of accepted) {
    const file = copyFileOf(texts, locale, namespaceOf(a.unit.key));
    byFile.set(file, [...(byFile.get(file) ?? []), a]);
  }
  for (const [file, list] of byFile) {
    const abs = path.join(texts.root, file);
    const doc = existsSync(abs) ? parseDocument(readFileSync(abs, 'utf8')) : new Document({});
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
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, doc.toString({ lineWidth: 0 }));
    result.files.push(file);
  }
  writeSourceHashes(texts.root, texts.copyDir, locale, hashes);
  return result;
}

/** Records the current source text of `keys` (default: every translated text) as what `locale` translated. */
export function markTranslated(texts: Texts, locale: string, keys?: readonly string[]): number {
  const hashes = readSourceHashes(texts.root, texts.copyDir, locale);
  let marked = 0;
  for (const entry of texts.sourceEntries) {
    if (keys && !keys.includes(entry.key)) continue;
    if (texts.index.get(locale, entry.key)?.text === undefined) continue;
    hashes.set(entry.key, hashOf(entry.text!));
    marked++;
  }
  writeSourceHashes(texts.root, texts.copyDir, locale, hashes);
  return marked;
}
