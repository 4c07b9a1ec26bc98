import { z } from 'zod';
import { schemaInfo, type UnionBranches, unionInfo } from '../../language/schema/roles.ts';
import { isStrictObject } from '../../language/schema/strict.ts';
import type { ListName, NameList, ProjectVocabulary } from './vocabulary.ts';

/**
 * The funnel language's zod schemas as JSON Schema (draft 2020-12, what z.toJSONSchema emits),
 * for editors. Where a value names something the project defines (a copy key, a screen path, a
 * flag...: its schema says so, src/language/schema/roles.ts) it becomes a `$ref` to the list of
 * those names, each with its description (./vocabulary.ts). What zod cannot say in JSON Schema
 * (refinements, transforms) is left out: the schema accepts a little more than `npm run check`,
 * never less.
 */

export type JsonSchema = { [key: string]: unknown };

const LIST_ORDER: readonly ListName[] = [
  'copyKey',
  'copyGroup',
  'route',
  'screen',
  'layout',
  'link',
  'fact',
  'flag',
  'stateKey',
  'storageKey',
  'paymentValue',
  'call',
  'template',
  'offer',
  'planTag',
];

/** `#/$defs/<name>` */
export const defRef = (name: string) => ({ $ref: `#/$defs/${name}` });

/**
 * Converts zod schemas of one JSON Schema file, collecting what they share (`$defs`) and which
 * of the project's name lists they refer to; `finish` puts it all together.
 */
export class SchemaFile {
  private readonly defs: Record<string, JsonSchema> = {};
  private readonly lists = new Set<ListName>();
  private testsFacts = false;

  constructor(
    private readonly vocabulary: ProjectVocabulary,
    /** A template's schema: every value may also be a `${parameter}`. */
    private readonly placeholders = false,
  ) {}

  convert(schema: z.ZodType): JsonSchema {
    const {
      $schema: _draft,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const s = zodSchema as unknown as z.ZodType;
        if (isStrictObject(s)) jsonSchema.additionalProperties = false;
        const info = schemaInfo.get(s);
        const list = info?.names ?? (info?.role === 'copyKey' || info?.role === 'copyGroup' ? info.role : undefined);
        if (list !== undefined) {
          this.lists.add(list);
          pointAt(jsonSchema, list);
        }
        if (info?.role === 'fact') {
          this.testsFacts = true;
          jsonSchema.allOf = [defRef('flagVariants')];
        }
        const union = unionInfo.get(s);
        if (union) branchByKey(jsonSchema, union);
      },
    }) as JsonSchema;
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      // zod names a recursive schema without an id `__schema0`, `__schema1`... in each conversion.
      if (name in this.defs && JSON.stringify(this.defs[name]) !== JSON.stringify(def))
        throw new Error(`Two schemas are both $defs/${name}: give the recursive one an id (.register(z.globalRegistry, { id })).`);
      this.defs[name] = def;
    }
    return json;
  }

  /** The file: `$schema`, title and description first, then the body, then every `$defs` it uses. */
  finish(title: string, body: JsonSchema): JsonSchema {
    const { description, ...rest } = body;
    const defs: Record<string, JsonSchema> = { ...this.defs };
    for (const name of LIST_ORDER) if (this.lists.has(name)) defs[name] = this.listSchema(this.vocabulary.lists[name]);
    if (this.testsFacts) defs.flagVariants = flagVariants(this.vocabulary);
    const shared = this.placeholders
      ? { ...Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, withPlaceholders(def)])), placeholder: PLACEHOLDER }
      : defs;
    return { $schema: 'https://json-schema.org/draft/2020-12/schema', title, description, ...rest, $defs: shared };
  }

  private listSchema(list: NameList): JsonSchema {
    const options: JsonSchema[] = [
      ...list.names.map((n) => ({ const: n.value, description: n.description })),
      ...(list.patterns ?? []).map((p) => ({ type: 'string', pattern: p.pattern, description: p.description })),
      ...(list.open ? [{ type: 'string' }] : []),
      ...(this.placeholders ? [defRef('placeholder')] : []),
    ];
    // No name defined yet: nothing is accepted (an empty anyOf is not allowed).
    return options.length === 0 ? { description: list.description, not: {} } : { description: list.description, anyOf: options };
  }
}

/** Turns a converted schema into a reference to a name list, keeping its own description. */
function pointAt(json: JsonSchema, list: ListName): void {
  for (const key of Object.keys(json)) if (key !== 'description') delete json[key];
  Object.assign(json, defRef(list));
}

/**
 * A union told apart by a key (src/language/schema/strict.ts) as one `if`/`then` per branch, not
 * `oneOf`: only the branch the key names is checked, as the checker does, so a block of unknown
 * `type:` gets one message, and validators and editors do not try every branch on every block.
 */
function branchByKey(json: JsonSchema, union: UnionBranches): void {
  const branches = json.oneOf;
  if (!Array.isArray(branches)) return;
  delete json.oneOf;
  const names = Object.keys(union.branches);
  const about = names.map((name) => z.globalRegistry.get(union.branches[name]!)?.description ?? name);
  json.type = 'object';
  if (union.kind === 'tagged') {
    const tag = union.tag!;
    json.required = [tag];
    json.properties = { [tag]: { description: `Which ${union.what}.`, enum: names, enumDescriptions: about } };
    json.allOf = names.map((name, i) => ({ if: { properties: { [tag]: { const: name } }, required: [tag] }, then: branches[i] }));
    // The tag of a branch says what the branch is: `do: go` reads 'Goes to another page.' on hover.
    branches.forEach((branch, i) => {
      const properties = branch.properties as JsonSchema | undefined;
      if (properties?.[tag]) properties[tag] = { ...(properties[tag] as JsonSchema), description: about[i] };
    });
  } else {
    json.properties = Object.fromEntries(names.map((name, i) => [name, { description: about[i] }]));
    json.oneOf = names.map((name) => ({ required: [name] }));
    json.allOf = names.map((name, i) => ({ if: { required: [name] }, then: branches[i] }));
  }
}

/** `{ fact: flag.<name>, equals: … }` and `in: […]` name variants of that flag. */
function flagVariants(vocabulary: ProjectVocabulary): JsonSchema {
  return {
    description: "A flag's condition tests one of its variants.",
    allOf: vocabulary.variants.map(({ flag, variants }) => ({
      if: { properties: { fact: { const: `flag.${flag}` } }, required: ['fact'] },
      then: {
        properties: {
          equals: { enum: variants, description: `A variant of ${flag}.` },
          in: { items: { enum: variants }, description: `Variants of ${flag}.` },
        },
      },
    })),
  };
}

/** The keywords whose value is a schema, a list of schemas or a map of schemas. */
const SUBSCHEMA = ['items', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'];
const SCHEMA_MAPS = ['properties', '$defs'];

/** Applies `change` to every schema of `schema`, innermost first. */
function mapSchemas(schema: unknown, change: (json: JsonSchema) => JsonSchema): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const json: JsonSchema = { ...(schema as JsonSchema) };
  for (const key of SUBSCHEMA) if (key in json) json[key] = mapSchemas(json[key], change);
  for (const key of SCHEMA_LISTS) if (Array.isArray(json[key])) json[key] = (json[key] as unknown[]).map((s) => mapSchemas(s, change));
  for (const key of SCHEMA_MAPS)
    if (json[key] !== undefined)
      json[key] = Object.fromEntries(Object.entries(json[key] as JsonSchema).map(([name, s]) => [name, mapSchemas(s, change)]));
  return change(json);
}

const PLACEHOLDER = {
  type: 'string',
  pattern: '\\$\\{[A-Za-z][A-Za-z0-9_]*\\}',
  description: "A parameter of the template, ${name}: each funnel made from it gives the value under 'with:'.",
};
const IF_KEY = { type: 'string', description: 'Keeps this item only when the parameter named here has a value.' };
const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * A template's `produces:` is a funnel whose values may be `${parameter}`s, and whose list items
 * may have `$if: <parameter>`: every value that a placeholder would not fit also takes one.
 */
export function withPlaceholders(schema: JsonSchema): JsonSchema {
  return mapSchemas(schema, (json) => {
    if (json.additionalProperties === false && json.properties !== undefined)
      json.properties = { ...(json.properties as JsonSchema), $if: IF_KEY };
    if (!placeholderWouldFail(json)) return json;
    const { description, ...rest } = json;
    return { ...(description === undefined ? {} : { description }), anyOf: [rest, defRef('placeholder')] };
  }) as JsonSchema;
}

/** A number, true or false, or a text of a given form: a `${parameter}` text would not fit. */
function placeholderWouldFail(json: JsonSchema): boolean {
  if (json.enum !== undefined) return true;
  const types = ([] as unknown[]).concat(json.type ?? []);
  if (types.length === 0 || !types.every((t) => SCALARS.has(t as string)) || json.const !== undefined) return false;
  return !types.includes('string') || json.pattern !== undefined || json.format !== undefined;
}
