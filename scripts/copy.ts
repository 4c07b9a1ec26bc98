/**
 * `npm run copy -- <command>`: the translators' tools (docs/translators.md).
 *
 *   status [locale...]                   per language: texts translated, missing, stale
 *   missing <locale>                     the texts to translate, with their English
 *   export <locale> [--format xliff|csv] [--out FILE] [--all]
 *                                        missing and stale texts (--all: every text) for a translator
 *   import <locale> <FILE>               a translated XLIFF 2.0 or CSV file into copy/<locale>/
 *   mark <locale> [key...]               the translations as made from today's English (after editing by hand)
 *
 * Exit codes: 0 done; 1 the import was refused (nothing written) or a file could not be read;
 * 2 the command was wrong (unknown command, option or language). FUNNELS_DIR and COPY_DIR as for
 * `npm run check`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Format } from '../src/compiler/translations/formats.ts';
import { markTranslated } from '../src/compiler/translations/importTexts.ts';
import { localeStatus, textStatuses } from '../src/compiler/translations/status.ts';
import type { Texts } from '../src/compiler/translations/texts.ts';
import { exportTexts, importFile } from '../src/compiler/translations/transfer.ts';
import { readTextsOnDisk, writeFiles } from './lib/translations/disk.ts';

const USAGE = `Usage: npm run copy -- <command>
  status [locale...]                   texts translated, missing and stale, per language
  missing <locale>                     the texts <locale> has not translated, or translated from older English
  export <locale> [--format xliff|csv] [--out FILE] [--all]
                                       those texts (--all: every text) as XLIFF 2.0 (default) or CSV
  import <locale> <FILE>               a translated .xlf/.xliff or .csv file into copy/<locale>/
  mark <locale> [key...]               record today's English as what <locale>'s texts translate
Exit codes: 0 done, 1 refused (nothing written), 2 wrong command.`;

class UsageError extends Error {}

const pad = (s: string | number, n: number) => String(s).padStart(n);

function status(texts: Texts, locales: string[]): string {
  const rows = locales.map((l) => localeStatus(texts, l));
  const lines = [`${'Language'.padEnd(11)}  Texts  Translated  Missing  Stale  Done`];
  for (const r of rows) {
    const done = r.total === 0 ? 100 : Math.floor((r.translated / r.total) * 100);
    const name = r.locale === texts.source ? `${r.locale} (source)` : r.locale;
    lines.push(
      `${name.padEnd(11)}  ${pad(r.total, 5)}  ${pad(r.translated, 10)}  ${pad(r.missing, 7)}  ${pad(r.stale, 5)}  ${pad(done, 3)}%`,
    );
  }
  return lines.join('\n');
}

function missing(texts: Texts, locale: string): string {
  const todo = textStatuses(texts, locale).filter((s) => s.state !== 'translated');
  if (todo.length === 0) return `Every text of ${texts.copyDir}/${texts.source}/ has a ${locale} text made from today's English.`;
  const lines = todo.map((s) => `${s.key}${s.state === 'stale' ? ' (stale)' : ''}\n    ${s.source.replace(/\n/g, '\n    ')}`);
  const count = (state: string) => todo.filter((s) => s.state === state).length;
  return `${lines.join('\n')}\n\n${count('missing')} missing, ${count('stale')} stale.`;
}

function imported(texts: Texts, root: string, locale: string, file: string): { out: string; code: number } {
  const outcome = importFile(texts, locale, file, readFileSync(file, 'utf8'));
  if (!outcome.ok) return { out: outcome.message, code: 1 };
  writeFiles(root, outcome.result.writes);
  return { out: `${outcome.message} Run \`npm run check\`.`, code: 0 };
}

function main(argv: string[]): { out: string; code: number } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string' }, out: { type: 'string' }, all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) return { out: USAGE, code: values.help ? 0 : 2 };
  const root = process.cwd();
  const texts = readTextsOnDisk({
    root,
    funnelsDir: process.env.FUNNELS_DIR ?? 'funnels',
    copyDir: process.env.COPY_DIR ?? 'copy',
  });
  const locales = texts.index.locales;
  const locale = (required: boolean) => {
    const l = rest[0];
    if (!l) throw new UsageError(`'${command}' needs a language, like es.`);
    if (required && !locales.includes(l)) throw new UsageError(`There is no ${texts.copyDir}/${l}/ (languages: ${locales.join(', ')}).`);
    return l;
  };
  switch (command) {
    case 'status': {
      const asked = rest.length ? rest : locales;
      const unknown = asked.filter((l) => !locales.includes(l));
      if (unknown.length) throw new UsageError(`There is no ${texts.copyDir}/${unknown[0]}/ (languages: ${locales.join(', ')}).`);
      return { out: status(texts, asked), code: 0 };
    }
    case 'missing':
      return { out: missing(texts, locale(false)), code: 0 };
    case 'export': {
      const format = (values.format ?? (values.out && /\.csv$/i.test(values.out) ? 'csv' : 'xliff')) as Format;
      if (format !== 'xliff' && format !== 'csv') throw new UsageError(`--format is xliff or csv, not '${values.format}'.`);
      const body = exportTexts(texts, locale(false), format, values.all ?? false);
      if (!values.out) return { out: body.trimEnd(), code: 0 };
      writeFileSync(values.out, body);
      return { out: `Wrote ${values.out}.`, code: 0 };
    }
    case 'import': {
      const file = rest[1];
      if (!file) throw new UsageError("'import' needs a language and a file: npm run copy -- import es es.xlf");
      return imported(texts, root, locale(false), path.resolve(file));
    }
    case 'mark': {
      const { marked, writes } = markTranslated(texts, locale(true), rest.length > 1 ? rest.slice(1) : undefined);
      writeFiles(root, writes);
      return { out: `Recorded the English of ${marked} ${rest[0]} text(s).`, code: 0 };
    }
    default:
      throw new UsageError(`Unknown command '${command}'.`);
  }
}

try {
  const { out, code } = main(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(out);
  process.exitCode = code;
} catch (e) {
  if (!(e instanceof UsageError) && !(e instanceof TypeError && 'code' in e)) throw e;
  console.error(`${e.message}\n\n${USAGE}`);
  process.exitCode = 2;
}
