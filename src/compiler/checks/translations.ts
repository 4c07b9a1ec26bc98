import { type Diagnostic, error, warning } from '../diagnostic.ts';
import type { Check } from './context.ts';
import { closestCopyKey, splitKey } from './copyIndex.ts';
import { copyPath, joinAnd } from './copyKeys.ts';

/**
 * Translations against the source locale (app.yaml's defaultLocale, en). A language may be
 * partial: what it has not translated yet shows in the source language, so it is a warning, one
 * per copy file, never an error. What it has translated must fit: a key the source does not have
 * (a typo: the text would never show) and wrong plural forms are errors; placeholders are
 * src/compiler/checks/placeholders.ts's.
 */

/** i18next's plural suffixes: `key_one`, `key_other`… (CLDR categories). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '');
const pluralCategory = (key: string) => PLURAL.exec(key)?.[1];

/** The CLDR plural categories a language needs (Spanish: one, many, other). */
const categoriesOf = (locale: string): string[] => {
  try {
    return new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  } catch {
    return ['one', 'other'];
  }
};

/** How many names a message lists before '… and N more'. */
const SHOWN = 5;

const listed = (names: string[]) =>
  names.length <= SHOWN
    ? joinAnd(names.map((n) => `'${n}'`))
    : `${names
        .slice(0, SHOWN)
        .map((n) => `'${n}'`)
        .join(', ')} and ${names.length - SHOWN} more`;

/** Per locale and copy file: the source texts with no translation yet (a warning). */
export const checkUntranslated: Check = (ctx) => {
  const { source } = ctx.copy;
  const out: Diagnostic[] = [];
  const sourceKeys = ctx.copy.keys(source);
  const namespaces = [...new Set(sourceKeys.map((k) => splitKey(k).namespace))];
  for (const locale of ctx.copy.locales) {
    if (locale === source) continue;
    const translated = new Set(ctx.copy.keys(locale).map(pluralBase));
    for (const namespace of namespaces) {
      if (ctx.broken.copyNamespace(locale, namespace) || ctx.broken.copyNamespace(source, namespace)) continue;
      const bases = [...new Set(sourceKeys.filter((k) => splitKey(k).namespace === namespace).map(pluralBase))];
      const missing = bases.filter((k) => !translated.has(k)).map((k) => splitKey(k).name);
      if (missing.length === 0) continue;
      const file = ctx.copy.file(locale, namespace);
      const sourceFile = copyPath(ctx, source, namespace);
      const message = file
        ? `${missing.length} of the ${bases.length} texts of ${sourceFile} have no ${locale} text yet: ${listed(missing)}. ` +
          `Parents reading ${locale} see them in ${source}. \`npm run copy -- missing ${locale}\` lists them.`
        : `There is no ${copyPath(ctx, locale, namespace)} yet: parents reading ${locale} see the ${bases.length} texts of this file ` +
          `in ${source}. \`npm run copy -- export ${locale}\` makes the file to translate.`;
      const at = file ?? ctx.copy.file(source, namespace)!;
      out.push(warning(at.relPath, [], message, { at: 'file' }));
    }
  }
  return out;
};

/** A translated key the source locale does not have: its text would never show. */
export const checkUnknownTranslations: Check = (ctx) => {
  const { source } = ctx.copy;
  const sourceBases = new Set(ctx.copy.keys(source).map(pluralBase));
  const out: Diagnostic[] = [];
  for (const locale of ctx.copy.locales) {
    if (locale === source) continue;
    for (const entry of ctx.copy.entriesOf(locale)) {
      if (ctx.copy.get(source, entry.key) || sourceBases.has(pluralBase(entry.key))) continue;
      const suggestion = closestCopyKey(entry.key, ctx.copy.keys(source));
      out.push(
        error(
          entry.file.relPath,
          entry.path,
          `'${entry.key}' is not a text of ${copyPath(ctx, source, splitKey(entry.key).namespace)}, so this translation ` +
            `would never show.${suggestion ? '' : ' Remove it, or add the text to the source language first.'}`,
          { suggestion: suggestion && splitKey(suggestion).name, at: 'key' },
        ),
      );
    }
  }
  return out;
};

/**
 * A text with plural forms in the source (`items_one`, `items_other`) has, in a language that
 * translates it, exactly the forms that language needs (Intl.PluralRules).
 */
export const checkPluralForms: Check = (ctx) => {
  const { source } = ctx.copy;
  const pluralBases = new Set(
    ctx.copy
      .keys(source)
      .filter((k) => PLURAL.test(k))
      .map(pluralBase),
  );
  const out: Diagnostic[] = [];
  for (const locale of ctx.copy.locales) {
    if (locale === source) continue;
    const needed = categoriesOf(locale);
    const forms = new Map<string, { categories: string[]; first: (typeof entries)[number] }>();
    const entries = ctx.copy.entriesOf(locale).filter((e) => pluralBases.has(pluralBase(e.key)));
    for (const entry of entries) {
      const base = pluralBase(entry.key);
      const found = forms.get(base) ?? { categories: [], first: entry };
      found.categories.push(pluralCategory(entry.key) ?? '');
      forms.set(base, found);
    }
    for (const [base, { categories, first }] of forms) {
      const lacking = needed.filter((c) => !categories.includes(c));
      const unknown = categories.filter((c) => !needed.includes(c));
      if (lacking.length === 0 && unknown.length === 0) continue;
      const name = splitKey(base).name;
      const parts = [
        lacking.length ? `lacks ${joinAnd(lacking.map((c) => `'${name}_${c}'`))}` : '',
        unknown.length ? `has ${joinAnd(unknown.map((c) => `'${c === '' ? name : `${name}_${c}`}'`))}, which ${locale} never uses` : '',
      ].filter(Boolean);
      out.push(
        error(
          first.file.relPath,
          first.path,
          `The ${locale} text '${name}' counts things, so it needs one form per plural category of ${locale} ` +
            `(${needed.join(', ')}); it ${parts.join(' and ')}.`,
          { at: 'key' },
        ),
      );
    }
  }
  return out;
};
