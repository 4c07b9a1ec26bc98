/**
 * The translators' tools (`npm run copy`, docs/translators.md): status and missing lists of a
 * language translated in part, stale texts after the English changed, export and import in
 * XLIFF 2.0 and CSV, and an import that refuses a broken translation without writing anything.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { repoRoot, run } from '../../scripts/lib/build.ts';
import { readTextsOnDisk, writeFiles } from '../../scripts/lib/translations/disk.ts';
import { fromCsv, fromXliff, toCsv, toXliff } from '../../src/compiler/translations/formats.ts';
import { importTexts, markTranslated } from '../../src/compiler/translations/importTexts.ts';
import { localeStatus, textStatuses } from '../../src/compiler/translations/status.ts';

const TRICKY = 'Hola, "{name}": <link>entra</link> a $t(common:productName)\nañadido, ¿sí? «ok»';

let root: string;
const texts = () => readTextsOnDisk({ root, funnelsDir: 'funnels', copyDir: 'copy' });
/** What `npm run copy` does with the tools' answer: writes its files. */
const imported = (...args: Parameters<typeof importTexts>) => {
  const result = importTexts(...args);
  writeFiles(root, result.writes);
  return result;
};
const marked = (...args: Parameters<typeof markTranslated>) => {
  const { marked: count, writes } = markTranslated(...args);
  writeFiles(root, writes);
  return count;
};
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'copy-cli-'));
  cpSync(path.join(repoRoot, 'tests/fixtures/checker/_base'), root, { recursive: true, filter: (src) => !src.endsWith('README.md') });
  write('copy/en/greet.yaml', 'welcome: "Welcome back, {name}: <link>log in</link> to $t(common:productName)"\nbye: Goodbye\n');
  // Spanish translated in part: one text of greet, nothing of the other files.
  write('copy/es/greet.yaml', 'bye: Adiós\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('status and missing', () => {
  test('counts, per language, what is translated and what is missing', () => {
    const total = texts().sourceEntries.length;
    expect(localeStatus(texts(), 'en')).toEqual({ locale: 'en', total, translated: total, missing: 0, stale: 0 });
    expect(localeStatus(texts(), 'es')).toEqual({ locale: 'es', total, translated: 1, missing: total - 1, stale: 0 });
  });

  test('a translation becomes stale when its English changes after it was made', () => {
    expect(marked(texts(), 'es')).toBe(1);
    write('copy/en/greet.yaml', 'welcome: "Welcome back, {name}: <link>log in</link> to $t(common:productName)"\nbye: Goodbye for now\n');
    expect(localeStatus(texts(), 'es').stale).toBe(1);
    expect(textStatuses(texts(), 'es').find((s) => s.key === 'greet:bye')).toEqual({
      key: 'greet:bye',
      source: 'Goodbye for now',
      target: 'Adiós',
      state: 'stale',
    });
    marked(texts(), 'es', ['greet:bye']);
    expect(localeStatus(texts(), 'es').stale).toBe(0);
  });
});

describe('export and import', () => {
  for (const format of ['xliff', 'csv'] as const) {
    test(`${format}: what a translator fills in comes back into copy/es, exactly, comments and order kept; twice changes nothing`, () => {
      write('copy/es/greet.yaml', '# Greetings\nbye: Adiós\n');
      const t = texts();
      const units = textStatuses(t, 'es')
        .filter((s) => s.key === 'greet:welcome')
        .map((s) => ({ key: s.key, source: s.source, target: TRICKY, state: s.state }));
      const file = format === 'xliff' ? toXliff(units, { sourceLocale: 'en', targetLocale: 'es', copyDir: 'copy' }) : toCsv(units);
      const back = format === 'xliff' ? fromXliff(file).units : fromCsv(file);
      expect(back.map((u) => [u.key, u.source, u.target])).toEqual([['greet:welcome', units[0]!.source, TRICKY]]);

      const first = imported(t, 'es', back);
      expect(first).toMatchObject({ problems: [], written: 1, files: ['copy/es/greet.yaml'] });
      const written = read('copy/es/greet.yaml');
      expect(written.startsWith('# Greetings\nbye: Adiós\n')).toBe(true);
      expect(texts().index.get('es', 'greet:welcome')?.text).toBe(TRICKY);
      expect(localeStatus(texts(), 'es')).toMatchObject({ translated: 2, stale: 0 });

      expect(imported(texts(), 'es', back)).toMatchObject({ problems: [], written: 0, unchanged: 1 });
      expect(read('copy/es/greet.yaml')).toBe(written);
    });
  }

  test('an XLIFF 2.0 file has one <file> per copy file and one <unit> per text, the target language named', () => {
    const xliff = toXliff([{ key: 'greet:bye', source: 'Goodbye', target: '', state: 'missing' }], {
      sourceLocale: 'en',
      targetLocale: 'fr',
      copyDir: 'copy',
    });
    expect(xliff).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">');
    expect(xliff).toContain('<file id="greet" original="copy/en/greet.yaml">');
    expect(xliff).toMatch(/<unit id="bye">\s*<segment state="initial">\s*<source>Goodbye<\/source>/);
  });

  test('a translation with other placeholders, $t() or <link> than the English is refused, and nothing is written', () => {
    const before = read('copy/es/greet.yaml');
    const result = imported(texts(), 'es', [
      { key: 'greet:bye', target: 'Adiós, {nombre}', where: 'line 2' },
      { key: 'greet:welcome', target: 'Hola, {name}: entra', where: 'line 3' },
      { key: 'greet:byee', target: 'Chao', where: 'line 4' },
    ]);
    expect(result.problems).toEqual([
      "line 2 ('greet:bye'): the translation has placeholders {nombre}, but the source text has none",
      "line 3 ('greet:welcome'): the translation has other $t(...) texts than the source text; " +
        'other <link>…</link> tags than the source text',
      "line 4: 'greet:byee' is not a text of copy/en/ (did you mean 'greet:bye'?)",
    ]);
    expect(read('copy/es/greet.yaml')).toBe(before);
  });
});

describe('npm run copy', () => {
  const copyCli = (...args: string[]) =>
    run(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), path.join(repoRoot, 'scripts/copy.ts'), ...args], {
      cwd: root,
      quiet: true,
    });

  test('status prints every language; a wrong command or language exits 2; a refused import exits 1', { timeout: 30_000 }, async () => {
    const status = await copyCli('status');
    expect(status.code).toBe(0);
    expect(status.output).toMatch(/^en \(source\)\s+\d+\s+\d+\s+0\s+0\s+100%$/m);
    expect(status.output).toMatch(/^es\s+\d+\s+1\s+\d+\s+0\s+\d+%$/m);
    expect((await copyCli('translate', 'es')).code).toBe(2);
    expect((await copyCli('status', 'de')).code).toBe(2);
    write('bad.csv', 'key,source,target,state\ngreet:bye,Goodbye,"Adiós, {x}",stale\n');
    const refused = await copyCli('import', 'es', 'bad.csv');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("bad.csv: line 2 ('greet:bye'): the translation has placeholders {x}, but the source text has none");
  });
});
