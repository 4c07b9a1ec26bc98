import type { z } from 'zod';
import type { ConfigSchemas } from '../../compiler/configSchemas.ts';
import type { ConfigFile, CopyFile, SourceFile } from '../../compiler/load.ts';
import { appFile } from '../../compiler/schema/app.ts';
import { catalogFile } from '../../language/schema/catalog.ts';
import { type CopyTree, copyTree } from '../../language/schema/copy.ts';
import { experimentsFile } from '../../language/schema/experiments.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { instanceFile, type TemplateParam, templateFile, templateParamTypes } from '../../language/schema/template.ts';
import { defRef, type JsonSchema, SchemaFile, withPlaceholders } from './generate.ts';
import { type ProjectVocabulary, projectVocabulary } from './vocabulary.ts';

/** Where the schemas live, relative to the project root. */
export const SCHEMAS_DIR = 'schemas';

export interface JsonSchemaFile {
  /** Relative to the project root: schemas/funnel.schema.json. */
  path: string;
  /** The YAML files it describes, as editors' globs relative to the project root. */
  globs: string[];
  text: string;
}

const json = (schema: JsonSchema) => `${JSON.stringify(schema, null, 2)}\n`;

/** The schemas of a project, from its files as the checker loaded them (src/compiler/load.ts) with `schemas`. */
export function projectJsonSchemas(files: readonly SourceFile[], schemas: ConfigSchemas): JsonSchemaFile[] {
  const configFiles = files.filter((f): f is ConfigFile => (f as ConfigFile).group === 'config');
  const copyFiles = files.filter((f): f is CopyFile => (f as CopyFile).group === 'copy');
  return jsonSchemaFiles(projectVocabulary({ configFiles, copyFiles }), schemas.funnelFile);
}

/** Every JSON Schema file of the project, in a fixed order: one per kind of config file, one per copy namespace. */
function jsonSchemaFiles(vocabulary: ProjectVocabulary, funnelFile: z.ZodType): JsonSchemaFile[] {
  const single = (name: string, glob: string, title: string, schema: z.ZodType) => {
    const file = new SchemaFile(vocabulary);
    return { path: `${SCHEMAS_DIR}/${name}.schema.json`, globs: [glob], text: json(file.finish(title, file.convert(schema))) };
  };
  return [
    {
      path: `${SCHEMAS_DIR}/funnel.schema.json`,
      // Every file right in funnels/ but the three that are not funnels (yaml-language-server's globs have no exclusions).
      globs: ['funnels/!(app.yaml|catalog.yaml|experiments.yaml|*/*)'],
      text: json(funnelSchema(vocabulary, funnelFile)),
    },
    {
      path: `${SCHEMAS_DIR}/template.schema.json`,
      globs: ['funnels/templates/*.yaml'],
      text: json(templateSchema(vocabulary, funnelFile)),
    },
    single('catalog', 'funnels/catalog.yaml', 'Plan catalog', catalogFile),
    single('experiments', 'funnels/experiments.yaml', 'Flags and experiments', experimentsFile),
    single('app', 'funnels/app.yaml', 'App shell', appFile),
    ...vocabulary.copy.map(({ namespace, texts }) => ({
      path: `${SCHEMAS_DIR}/copy-${namespace}.schema.json`,
      globs: [`copy/*/${namespace}.yaml`],
      text: json(copySchema(vocabulary, namespace, texts)),
    })),
  ];
}

/** A funnel file, written out or made from a template (`use:` and `with:`): `use:` tells which, as for the checker. */
function funnelSchema(vocabulary: ProjectVocabulary, funnelFile: z.ZodType): JsonSchema {
  const file = new SchemaFile(vocabulary);
  const funnel = file.convert(funnelFile);
  const instance = file.convert(instanceFile);
  if (vocabulary.templates.length > 0)
    instance.allOf = vocabulary.templates.map(({ name, params }) => ({
      if: { properties: { use: { const: name } }, required: ['use'] },
      then: { properties: { with: file.convert(templateParams(name, params)) } },
    }));
  return file.finish('Funnel file', { description: funnel.description, if: { required: ['use'] }, then: instance, else: funnel });
}

/** The `with:` of a funnel made from template `name`: its parameters, each of its declared type. */
function templateParams(name: string, params: Record<string, TemplateParam>): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [param, spec] of Object.entries(params)) {
    const type = Object.hasOwn(templateParamTypes, spec.type) ? templateParamTypes[spec.type] : undefined;
    if (!type) continue;
    const described = type.describe(spec.description ?? param);
    shape[param] = spec.default !== undefined || spec.optional === true ? described.optional() : described;
  }
  return strictObject(shape).describe(`The parameters of the template ${name}.`);
}

/** A template: its header, and under `produces:` a funnel that may hold `${parameter}`s. */
function templateSchema(vocabulary: ProjectVocabulary, funnelFile: z.ZodType): JsonSchema {
  const file = new SchemaFile(vocabulary, true);
  const template = file.convert(templateFile);
  const funnel = file.convert(funnelFile);
  const { version: _version, ...funnelKeys } = funnel.properties as JsonSchema;
  const produces = {
    ...funnel,
    description: (template.properties as JsonSchema & { produces: JsonSchema }).produces.description,
    properties: funnelKeys,
    required: (funnel.required as string[]).filter((key) => key !== 'version'),
  };
  return file.finish('Funnel template', {
    ...template,
    properties: { ...(template.properties as JsonSchema), produces: withPlaceholders(produces) },
  });
}

/**
 * A copy file: the keys of the source language, each with its text for hover, and no other (a
 * misspelt key is "not allowed" on its line; a text the source has and this file lacks is
 * "missing"), as the checker reads every language against the source. A namespace the source
 * language lacks takes any texts. See docs/decisions.md ("Copy schemas hold the source keys").
 */
function copySchema(vocabulary: ProjectVocabulary, namespace: string, texts: CopyTree): JsonSchema {
  const description =
    `The texts of the namespace ${namespace} (copy keys ${namespace}:<key>); ` +
    `the texts shown are those of copy/${vocabulary.sourceLocale}/${namespace}.yaml.`;
  const file = new SchemaFile(vocabulary);
  if (Object.keys(texts).length === 0) {
    const tree = file.convert(copyTree);
    return file.finish(`Copy: ${namespace}`, { description, allOf: [tree.$ref === undefined ? tree : defRef('copyTree')] });
  }
  return file.finish(`Copy: ${namespace}`, { description, ...knownKeys(texts) });
}

/** A group of texts holding exactly the keys of the source language's group. */
function knownKeys(texts: CopyTree): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(texts).map(([key, value]) => [
        key,
        typeof value === 'string'
          ? { description: value, type: 'string' }
          : { description: `A group of ${Object.keys(value).length} texts.`, ...knownKeys(value) },
      ]),
    ),
    required: Object.keys(texts),
    additionalProperties: false,
  };
}
