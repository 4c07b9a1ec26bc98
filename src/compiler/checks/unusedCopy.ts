import { nestedKeys } from '../copySplit.ts';
import { type Diagnostic, warning } from '../diagnostic.ts';
import { EMAILS_NAMESPACE } from '../emailTexts.ts';
import { type Check, isCopyKey } from './context.ts';
import { copyGroupUses } from './copyGroups.ts';
import { closestCopyKey, splitKey } from './copyIndex.ts';

/** Every copy-key-looking text anywhere in the data (also where the schema was not followed). */
function mentions(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (isCopyKey(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) mentions(v, into);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) mentions(v, into);
  }
}

/** The copy-key-looking texts of a file's data, found once per file (its data never changes once loaded). */
function mentionsOf(data: unknown): ReadonlySet<string> {
  const known = data !== null && typeof data === 'object' ? mentioned.get(data) : undefined;
  if (known) return known;
  const found = new Set<string>();
  mentions(data, found);
  if (data !== null && typeof data === 'object') mentioned.set(data, found);
  return found;
}

const mentioned = new WeakMap<object, ReadonlySet<string>>();

/**
 * Copy keys no config, no runtime code and no used text (`$t()`) uses are warnings (exit code
 * stays 0), one per key, at its text in the source locale. "Used" here means written anywhere
 * in a config file, not only in a copy-key field: a block with a mistake (an unknown type, a
 * misspelt field) still counts as using its keys, so the warning does not pile onto the real
 * error. Nothing is reported while a config file cannot be parsed: it may be the one using the
 * keys.
 */
export const checkUnusedCopy: Check = (ctx) => {
  if (ctx.broken.anyConfig) return [];
  const runtimeKeys = Object.keys(ctx.runtimeTexts);
  const used = new Set<string>(runtimeKeys);
  for (const file of ctx.files) for (const key of mentionsOf(file.data)) used.add(key);
  // The texts of a copy group config names are used (and so are the keys they nest).
  const named = copyGroupUses(ctx).map((u) => `${u.group}.`);
  for (const key of ctx.copy.keys(ctx.copy.source)) if (named.some((g) => key.startsWith(g))) used.add(key);
  // A key nested in a used text (`$t(ns:key)`) is used too (a Set visits what is added while iterating).
  for (const key of used) {
    const text = ctx.copy.text(key)?.text;
    if (text !== undefined) for (const nested of nestedKeys(text, splitKey(key).namespace)) used.add(nested);
  }
  // Runtime groups (`ns:group.*`) and the copy groups config names (`copy: payment:checkout`) are used whole.
  const groups = [...runtimeKeys.filter((k) => k.endsWith('.*')).map((k) => k.slice(0, -1)), ...named];
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const locale of ctx.copy.locales) {
    // A key that is the "did you mean" of a used key missing in this locale is its misspelt
    // twin: the error at the use already points there.
    const keys = ctx.copy.keys(locale);
    const missing = [...used].filter((k) => !k.endsWith('.*') && !named.includes(`${k}.`) && ctx.copy.get(locale, k) === undefined);
    const twins = new Set(missing.map((k) => closestCopyKey(k, keys)));
    for (const entry of ctx.copy.entriesOf(locale)) {
      if (used.has(entry.key) || twins.has(entry.key) || seen.has(entry.key) || groups.some((g) => entry.key.startsWith(g))) continue;
      seen.add(entry.key);
      const message =
        splitKey(entry.key).namespace === EMAILS_NAMESPACE
          ? `Copy key '${entry.key}' is in no email the server sends (each has a subject and a body). Remove it.`
          : `Copy key '${entry.key}' is not used by any funnel or by the app. Remove it, or use it in a funnel.`;
      out.push(warning(entry.file.relPath, entry.path, message, { at: 'key' }));
    }
  }
  return out;
};
