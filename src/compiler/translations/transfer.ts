/**
 * A language's texts out to a translator (XLIFF 2.0 or CSV) and a translator's file back in:
 * what `npm run copy -- export` and `import` do (scripts/copy.ts), and the studio's Texts view
 * (src/server/studio/texts.ts) with the same files and messages.
 */
import { type Format, FormatError, formatOfFile, fromCsv, fromXliff, toCsv, toXliff, type Unit } from './formats.ts';
import { type ImportResult, importTexts } from './importTexts.ts';
import { textStatuses } from './status.ts';
import type { Texts } from './texts.ts';

/** Missing and stale texts of `locale` (`all`: every text, today's translations filled in). */
export function exportTexts(texts: Texts, locale: string, format: Format, all: boolean): string {
  const units = textStatuses(texts, locale)
    .filter((s) => all || s.state !== 'translated')
    .map((s) => ({ key: s.key, source: s.source, target: s.target ?? '', state: s.state }));
  return format === 'csv' ? toCsv(units) : toXliff(units, { sourceLocale: texts.source, targetLocale: locale, copyDir: texts.copyDir });
}

export type FileImport =
  /** Nothing to write: each problem starts with the file's name; `message` says it all. */
  | { ok: false; problems: string[]; message: string }
  /** `result.writes` holds the files to write; `message`: "Imported 2 text(s) into copy/es/home.yaml; …". */
  | { ok: true; result: ImportResult; message: string };

const refused = (problems: string[], message: string): FileImport => ({ ok: false, problems, message });

/** A translator's file (`name` tells CSV from XLIFF, with its text) checked and made into writes of `locale`'s copy. */
export function importFile(texts: Texts, locale: string, name: string, text: string): FileImport {
  const format = formatOfFile(name, text);
  let units: Unit[];
  try {
    if (format === 'csv') units = fromCsv(text);
    else {
      const xliff = fromXliff(text);
      if (xliff.targetLocale && xliff.targetLocale !== locale) {
        const problem = `${name} is a translation into ${xliff.targetLocale}, not ${locale}: nothing was imported.`;
        return refused([problem], problem);
      }
      units = xliff.units;
    }
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    const problem = `${name}: ${e.message} Nothing was imported.`;
    return refused([problem], problem);
  }
  const result = importTexts(texts, locale, units);
  if (result.problems.length) {
    const problems = result.problems.map((p) => `${name}: ${p}`);
    return refused(problems, `${problems.join('\n')}\n\n${problems.length} problem(s): nothing was imported.`);
  }
  const into = result.files.length ? ` into ${result.files.join(', ')}` : '';
  return {
    ok: true,
    result,
    message: `Imported ${result.written} text(s)${into}; ${result.unchanged} unchanged, ${result.empty} left empty.`,
  };
}
