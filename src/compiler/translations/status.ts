import { hashOf } from './sourceHashes.ts';
import { sourceHashesOf, type Texts } from './texts.ts';

export type TextState = 'translated' | 'missing' | 'stale';

export interface TextStatus {
  key: string;
  source: string;
  target: string | undefined;
  state: TextState;
}

/**
 * Each source text in `locale`: missing (no text), stale (translated from an older English: the
 * recorded hash differs from the current text's), or translated. A translation with no
 * recorded source counts as translated: it was written by hand, and `npm run copy -- mark`
 * records it.
 */
export function textStatuses(texts: Texts, locale: string): TextStatus[] {
  const hashes = sourceHashesOf(texts, locale);
  return texts.sourceEntries.map((entry) => {
    const source = entry.text!;
    const target = texts.index.get(locale, entry.key)?.text;
    const recorded = hashes.get(entry.key);
    const state: TextState =
      target === undefined
        ? 'missing'
        : locale !== texts.source && recorded !== undefined && recorded !== hashOf(source)
          ? 'stale'
          : 'translated';
    return { key: entry.key, source, target, state };
  });
}

export interface LocaleStatus {
  locale: string;
  total: number;
  translated: number;
  missing: number;
  stale: number;
}

export function localeStatus(texts: Texts, locale: string): LocaleStatus {
  const statuses = textStatuses(texts, locale);
  const count = (state: TextState) => statuses.filter((s) => s.state === state).length;
  return { locale, total: statuses.length, translated: count('translated'), missing: count('missing'), stale: count('stale') };
}
