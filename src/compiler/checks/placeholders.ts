import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import type { Check } from './context.ts';
import { placeholders } from './copyIndex.ts';

const list = (names: string[]) => (names.length === 0 ? 'no placeholders' : names.map((n) => `{${n}}`).join(', '));

/** The same key has the same `{placeholders}` in every locale. */
export const checkPlaceholders: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const source = ctx.copy.source;
  for (const locale of ctx.copy.locales) {
    if (locale === source) continue;
    for (const entry of ctx.copy.entriesOf(locale)) {
      const original = ctx.copy.get(source, entry.key);
      if (entry.text === undefined || original?.text === undefined) continue;
      const want = placeholders(original.text).sort();
      const have = placeholders(entry.text).sort();
      if (want.join() === have.join()) continue;
      const extra = have.filter((p) => !want.includes(p));
      const lacking = want.filter((p) => !have.includes(p));
      const near = extra.length === 1 ? closest(extra[0]!, lacking) : undefined;
      out.push(
        error(
          entry.file.relPath,
          entry.path,
          `The ${locale} text of '${entry.key}' has ${list(have)}, but the ${source} text has ${list(want)}. ` +
            'Every language must use the same placeholders.',
          { suggestion: near && `{${near}}` },
        ),
      );
    }
  }
  return out;
};
