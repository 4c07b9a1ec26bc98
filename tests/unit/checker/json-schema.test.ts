/**
 * The editors' JSON Schemas (schemas/, written by `npm run schema` from src/generators/jsonSchema/)
 * agree with the checker: the committed ones are what the config makes now, every file of
 * funnels/ and copy/ passes the schema its editor maps it to (read by a standard validator,
 * ajv), and a shape mistake of the checker's fixtures fails there at the place the checker
 * points at.
 */

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { blocks } from '../../../src/blocks/registry.ts';
import type { YamlPath } from '../../../src/compiler/diagnostic.ts';
import { loadProject } from '../../../src/compiler/load.ts';
import { EDITOR_SETTINGS, staleJsonSchemaDiagnostics } from '../../../src/generators/jsonSchema/files.ts';
import { type JsonSchemaFile, projectJsonSchemas } from '../../../src/generators/jsonSchema/schemaFiles.ts';
import { checkCase, fixturesDir, projectRoot } from './helpers.ts';

function schemasOf(root: string): JsonSchemaFile[] {
  const project = loadProject({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
  return projectJsonSchemas([...project.configFiles, ...project.copyFiles], project.schemas);
}

function compile(schema: JsonSchemaFile) {
  // inlineRefs: false — the lists of copy keys are referenced hundreds of times.
  const ajv = new Ajv2020({ strict: false, allErrors: true, inlineRefs: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(schema.text));
}

/** Every YAML file of funnels/ and copy/, relative to the root. */
function yamlFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return name.endsWith('.yaml') ? [relative(root, path).split(sep).join('/')] : [];
      });
  return [...walk(join(root, 'funnels')), ...walk(join(root, 'copy'))];
}

/** The schema an editor gives a file: yaml-language-server matches each glob as `**∕<glob>`, bash-style. */
function schemaFor(file: string, schemas: readonly JsonSchemaFile[]): JsonSchemaFile[] {
  return schemas.filter((s) =>
    picomatch(
      s.globs.map((glob) => `**/${glob}`),
      { bash: true },
    )(`/workspace/${file}`),
  );
}

/** Validates each file with the schema its editor gives it; `{ file: errors }` of those that fail. */
function validateAll(root: string, files: readonly string[], schemas: readonly JsonSchemaFile[]): Record<string, ErrorObject[]> {
  const validators = new Map<JsonSchemaFile, ReturnType<typeof compile>>();
  const failed: Record<string, ErrorObject[]> = {};
  for (const file of files) {
    const [schema, ...others] = schemaFor(file, schemas);
    if (!schema || others.length > 0) throw new Error(`${file} has ${others.length + (schema ? 1 : 0)} schemas, not one.`);
    if (!validators.has(schema)) validators.set(schema, compile(schema));
    const validate = validators.get(schema)!;
    if (!validate(parse(readFileSync(join(root, file), 'utf8')) ?? {})) failed[file] = validate.errors ?? [];
  }
  return failed;
}

/** Where an ajv error points, as the checker's YAML path: a missing or an unknown key's own place. */
function placeOf(error: ErrorObject): string {
  const path: YamlPath = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment.replaceAll('~1', '/').replaceAll('~0', '~')));
  const key = (error.params as { additionalProperty?: string }).additionalProperty;
  return JSON.stringify(key === undefined ? path : [...path, key]);
}

describe('the JSON Schemas for editors', () => {
  const schemas = schemasOf(projectRoot);

  it('are what `npm run schema` writes from the config now, with the editors’ mapping', () => {
    for (const schema of schemas) expect(readFileSync(join(projectRoot, schema.path), 'utf8'), schema.path).toBe(schema.text);
    expect(readdirSync(join(projectRoot, 'schemas')).sort()).toEqual(schemas.map((s) => s.path.replace('schemas/', '')).sort());
    expect(staleJsonSchemaDiagnostics(projectRoot, schemas)).toEqual([]);
  });

  it('pass every file of funnels/ and copy/, each through the one schema its editor maps it to', { timeout: 60_000 }, () => {
    const files = yamlFiles(projectRoot);
    expect(files.length).toBeGreaterThan(30);
    expect(validateAll(projectRoot, files, schemas)).toEqual({});
    expect(schemaFor('funnels/app.yaml', schemas).map((s) => s.path)).toEqual(['schemas/app.schema.json']);
    expect(schemaFor('funnels/templates/partner.yaml', schemas).map((s) => s.path)).toEqual(['schemas/template.schema.json']);
    expect(schemaFor('copy/es/login.yaml', schemas).map((s) => s.path)).toEqual([]);
    expect(schemaFor('copy/pt-BR/payment.yaml', schemas).map((s) => s.path)).toEqual(['schemas/copy-payment.schema.json']);
  });

  it('describe every field, for hover', () => {
    const undescribed: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (node === null || typeof node !== 'object') return;
      const json = node as Record<string, unknown>;
      for (const [name, property] of Object.entries((json.properties as Record<string, { description?: string }>) ?? {}))
        if (!at.endsWith('/if') && property.description === undefined) undescribed.push(`${at}/properties/${name}`);
      for (const [key, value] of Object.entries(json)) walk(value, `${at}/${key}`);
    };
    for (const schema of schemas) walk(JSON.parse(schema.text), schema.path);
    expect(undescribed).toEqual([]);
  });

  // The fixtures whose mistake is one of shape: an unknown key, a wrong type, an unknown block,
  // action or value, a missing key (FL101–FL104: what a JSON Schema can say).
  const shapeMistakes = ['unknown-key', 'wrong-type', 'unknown-block-type', 'unknown-action', 'bad-enum', 'missing-key'];

  it.each(shapeMistakes)('reject the mistakes of the fixture %s where the checker does', { timeout: 60_000 }, (name) => {
    const checked = checkCase(name).result.diagnostics.filter((d) => /^FL10[1-4]$/.test(d.code ?? ''));
    expect(checked.length).toBeGreaterThan(0);

    const root = mkdtempSync(join(tmpdir(), `json-schema-${name}-`));
    try {
      cpSync(join(fixturesDir, '_base'), root, { recursive: true, filter: (src) => !src.endsWith('README.md') });
      cpSync(join(fixturesDir, name), root, { recursive: true });
      const failed = validateAll(root, yamlFiles(root), schemasOf(root));
      expect(Object.keys(failed)).toEqual([...new Set(checked.map((d) => d.file))]);
      for (const diagnostic of checked)
        expect(failed[diagnostic.file]!.map(placeOf), diagnostic.message).toContain(JSON.stringify(diagnostic.path));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('are reported out of date by `npm run check` (FL031) when missing, changed or left over', () => {
    const root = mkdtempSync(join(tmpdir(), 'json-schema-stale-'));
    try {
      cpSync(join(projectRoot, 'schemas'), join(root, 'schemas'), { recursive: true });
      cpSync(join(projectRoot, '.vscode'), join(root, '.vscode'), { recursive: true });
      expect(staleJsonSchemaDiagnostics(root, schemas)).toEqual([]);
      rmSync(join(root, 'schemas/copy-home.schema.json'));
      writeFileSync(join(root, 'schemas/app.schema.json'), '{}\n');
      writeFileSync(join(root, 'schemas/copy-gone.schema.json'), '{}\n');
      writeFileSync(join(root, EDITOR_SETTINGS), '{ "yaml.schemas": {} }\n');
      const stale = staleJsonSchemaDiagnostics(root, schemas);
      expect(stale.map((d) => [d.code, d.file])).toEqual([
        ['FL031', 'schemas/app.schema.json'],
        ['FL031', 'schemas/copy-home.schema.json'],
        ['FL031', 'schemas/copy-gone.schema.json'],
        ['FL031', EDITOR_SETTINGS],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
