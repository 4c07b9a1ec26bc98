/**
 * The studio editor's schema support (src/studio/schemaEditing.ts), with the committed schemas and
 * the mapping of .vscode/settings.json: the language server test's planted mistakes get the same
 * messages on the same lines (a misspelt property on its own line, a correct `type:` never
 * flagged), the real files get none, a block's type completes, and a key and a copy key hover.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { EDITOR_SETTINGS } from '../../../src/generators/jsonSchema/files.ts';
import {
  completionsAt,
  hoverAt,
  type JsonSchema,
  type SchemaMapping,
  schemaPathFor,
  schemaProblems,
} from '../../../src/studio/schemaEditing.ts';
import { projectRoot } from '../checker/helpers.ts';
import { compare, expectedOf, plant, planted, type Row, table } from './plantedMistakes.ts';

const settings = JSON.parse(readFileSync(join(projectRoot, EDITOR_SETTINGS), 'utf8'))['yaml.schemas'] as Record<string, string[]>;
const mapping: SchemaMapping = { schemas: Object.entries(settings).map(([path, globs]) => ({ path: path.slice(2), globs })) };
const schemaOf = (file: string): JsonSchema => {
  const path = schemaPathFor(file, mapping);
  if (!path) throw new Error(`No schema maps ${file}`);
  return JSON.parse(readFileSync(join(projectRoot, path), 'utf8')) as JsonSchema;
};
const read = (file: string) => readFileSync(join(projectRoot, file), 'utf8');

test('each file gets the schema its editor maps it to', () => {
  expect(schemaPathFor('funnels/signup.yaml', mapping)).toBe('schemas/funnel.schema.json');
  expect(schemaPathFor('funnels/templates/partner.yaml', mapping)).toBe('schemas/template.schema.json');
  expect(schemaPathFor('funnels/app.yaml', mapping)).toBe('schemas/app.schema.json');
  expect(schemaPathFor('copy/es/signup.yaml', mapping)).toBe('schemas/copy-signup.schema.json');
  expect(schemaPathFor('copy/en/unknown.yaml', mapping)).toBeUndefined();
});

describe('the language server test’s mistakes, in the studio’s editor', () => {
  const rows: Row[] = [];
  afterAll(() => {
    if (rows.length > 0) console.log(`The studio editor's table of mistakes:\n${table(rows)}`);
  });
  for (const p of planted)
    test(`${p.file}: the real file has no mistake; ${p.mistakes.map((m) => m.what).join(', ')}`, () => {
      const schema = schemaOf(p.file);
      expect(schemaProblems(read(p.file), schema)).toEqual([]);
      const text = plant(p);
      const found = compare(p.file, text, schemaProblems(text, schema));
      rows.push(...found);
      expect(found.filter((r) => !r.pass)).toEqual([]);
      expect(found.length).toBe(expectedOf(text).length);
    });
});

test('the misspelt property is marked on its own key, not on the block’s type', () => {
  const text = read('funnels/signup.yaml').replace('        text: signup:choosePlan.heading', '        txt: signup:choosePlan.heading');
  const problem = schemaProblems(text, schemaOf('funnels/signup.yaml')).find((p) => p.message === 'Property txt is not allowed.');
  expect(text.slice(problem!.from, problem!.to)).toBe('txt');
});

test('completion: a block’s types after `type:`, the fields of a heading on a new line, described', () => {
  const file = read('funnels/signup.yaml');
  const schema = schemaOf('funnels/signup.yaml');
  const typing = file.replace('      - type: heading\n        text: signup:choosePlan.heading', '      - type: hea');
  const at = typing.indexOf('type: hea') + 'type: hea'.length;
  const types = completionsAt(typing, at, schema)!;
  expect(types.options.map((o) => o.label)).toEqual(expect.arrayContaining(['heading', 'text', 'plans', 'countdown']));
  expect(typing.slice(types.from, types.to)).toBe('hea');
  expect(types.options.find((o) => o.label === 'heading')!.info).toContain('A heading');

  const field = file.replace('        text: signup:choosePlan.heading', '        text: signup:choosePlan.heading\n        le');
  const fields = completionsAt(field, field.indexOf('\n        le\n') + '\n        le'.length, schema)!;
  expect(fields.options.map((o) => o.label)).toEqual(expect.arrayContaining(['level', 'when', 'id']));
  expect(fields.options.map((o) => o.label)).not.toContain('text');
  expect(fields.options.find((o) => o.label === 'level')).toMatchObject({ apply: 'level: ', info: expect.stringContaining('page title') });

  const copyKey = completionsAt(file, file.indexOf('signup:choosePlan.heading') + 'signup:choosePlan.hea'.length, schema)!;
  expect(copyKey.options.find((o) => o.label === 'signup:choosePlan.heading')?.info).toBeTruthy();
});

test('hover: a key’s description, a copy key’s English text', () => {
  const file = read('funnels/signup.yaml');
  const schema = schemaOf('funnels/signup.yaml');
  expect(hoverAt(file, file.indexOf('saveBadge:') + 2, schema)?.text).toBeTruthy();
  const heading = hoverAt(file, file.indexOf('signup:choosePlan.heading') + 3, schema)!;
  const english = /^choosePlan:\n(?:.*\n)*?\s+heading: (.*)$/m.exec(read('copy/en/signup.yaml'))![1]!;
  expect(heading.text).toContain(english.replace(/^"|"$/g, ''));
});
