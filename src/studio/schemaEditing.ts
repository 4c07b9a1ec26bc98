/**
 * The studio editor's knowledge of the project's JSON Schemas (the ones `npm run schema` writes; the
 * server answers the draft's: src/server/studio/editor.ts): which schema a file has, the mistakes a
 * schema sees in a YAML text, what may be typed at a place, and what a key or value means. Pure (no
 * DOM, no CodeMirror): ./editorSchema.ts makes CodeMirror's lint, completion and hover of it.
 *
 * Its messages and lines are yaml-language-server's, which VS Code's YAML extension runs: a misspelt
 * property is "Property txt is not allowed." on its own line, a missing one "Missing property "text"."
 * at the object (or at the key holding it), a correct `type:` never flagged
 * (tests/unit/editor/schema-editing.test.ts plants the language server test's mistakes here too).
 * Written here rather than taken from codemirror-json-schema: that package validates draft 4 only
 * (no if/then/else, on which a block's fields hang) and brings a Markdown and highlighting stack
 * (docs/decisions.md, "The studio editor's schema support").
 */
import picomatch from 'picomatch/posix';
import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, type Pair, parseDocument, type YAMLMap } from 'yaml';

export type JsonSchema = { [key: string]: unknown } | boolean;
type Schema = { [key: string]: unknown };

/** The server's mapping (GET …/workspaces/:id/schemas): each schema with the globs of its files, first match wins. */
export interface SchemaMapping {
  schemas: { path: string; globs: string[] }[];
}

/** The schema of a file of the draft (`funnels/signup.yaml` → `schemas/funnel.schema.json`), or undefined. */
export function schemaPathFor(file: string, mapping: SchemaMapping): string | undefined {
  return mapping.schemas.find((s) => s.globs.some((glob) => picomatch(glob)(file)))?.path;
}

export interface SchemaProblem {
  from: number;
  to: number;
  /** 1-based. */
  line: number;
  message: string;
}

const isObject = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

/** A schema file and its `$defs`, resolving `#/$defs/<name>`. */
class Root {
  constructor(readonly schema: Schema) {}
  deref(ref: string): Schema | undefined {
    const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
    const defs = this.schema.$defs as Record<string, Schema> | undefined;
    return name && defs && Object.hasOwn(defs, name) ? defs[name] : undefined;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const jsonType = (value: unknown): string =>
  value === null || value === undefined
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'object'
        ? 'object'
        : typeof value === 'number'
          ? 'number'
          : typeof value === 'boolean'
            ? 'boolean'
            : 'string';

const typeMatches = (type: string, value: unknown) =>
  type === 'integer' ? Number.isInteger(value) : type === jsonType(value) || (type === 'number' && typeof value === 'number');

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => equal((a as Schema)[k], (b as Schema)[k]));
}

interface Located {
  /** The node whose value is checked. */
  node: Node | null;
  /** The key holding it, if any: where a missing property is reported. */
  key: Node | null;
}

interface Issue {
  node: Node | null;
  message: string;
}

const quoteList = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** The value of a YAML node as plain data (aliases resolved by the document's toJS, anything odd as null). */
const dataOf = (node: Node | null): unknown => (node === null ? null : (node.toJSON() as Json));

function pairsOf(map: YAMLMap): Pair<Node, Node | null>[] {
  return map.items as Pair<Node, Node | null>[];
}

/** The checks of one schema against one node: yaml-language-server's messages. */
class Validator {
  constructor(private readonly root: Root) {}

  valid(at: Located, schema: JsonSchema): boolean {
    return this.issues(at, schema).length === 0;
  }

  issues(at: Located, schema: JsonSchema): Issue[] {
    if (schema === true || schema === undefined) return [];
    if (schema === false) return [{ node: at.node, message: 'Matches a schema that is not allowed.' }];
    const out: Issue[] = [];
    const value = dataOf(at.node);
    if (typeof schema.$ref === 'string') {
      const target = this.root.deref(schema.$ref);
      if (target) out.push(...this.issues(at, target));
    }
    for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) out.push(...this.issues(at, part));
    if (schema.if !== undefined) {
      const branch = this.valid(at, schema.if as JsonSchema) ? schema.then : schema.else;
      if (branch !== undefined) out.push(...this.issues(at, branch as JsonSchema));
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = schema[key] as JsonSchema[] | undefined;
      if (branches) out.push(...this.anyOf(at, branches));
    }
    if (schema.not !== undefined && this.valid(at, schema.not as JsonSchema))
      out.push({ node: at.node, message: 'Matches a schema that is not allowed.' });
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
      if (!types.some((t) => typeMatches(t, value))) {
        out.push({ node: at.node, message: `Incorrect type. Expected "${types.join(' | ')}".` });
        return out;
      }
    }
    if (schema.const !== undefined && !equal(schema.const, value))
      out.push({ node: at.node, message: `Value must be ${JSON.stringify(schema.const)}.` });
    if (Array.isArray(schema.enum) && !schema.enum.some((v) => equal(v, value)))
      out.push({ node: at.node, message: `Value is not accepted. Valid values: ${quoteList(schema.enum)}.` });
    if (typeof schema.pattern === 'string' && typeof value === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      out.push({ node: at.node, message: `String does not match the pattern of "${schema.pattern}".` });
    if (isMap(at.node)) out.push(...this.object(at, at.node, schema));
    if (isSeq(at.node)) {
      const items = at.node.items as (Node | null)[];
      if (typeof schema.minItems === 'number' && items.length < schema.minItems)
        out.push({ node: at.node, message: `Array has too few items. Expected ${schema.minItems} or more.` });
      if (schema.items !== undefined)
        for (const item of items) out.push(...this.issues({ node: item, key: null }, schema.items as JsonSchema));
    }
    return out;
  }

  /** None of the branches matches: a list of values when each branch is one, else the closest branch's issues. */
  private anyOf(at: Located, branches: JsonSchema[]): Issue[] {
    const tried = branches.map((b) => this.issues(at, b));
    if (tried.some((issues) => issues.length === 0)) return [];
    const values = branches.flatMap((b) => (isObject(b) && b.const !== undefined ? [b.const] : []));
    if (values.length > 0 && values.length >= branches.length - 1) {
      const shown = values.length > 12 ? `${quoteList(values.slice(0, 12))}, …` : `${quoteList(values)}.`;
      return [{ node: at.node, message: `Value is not accepted. Valid values: ${shown}` }];
    }
    const typeOk = (issues: Issue[]) => !issues.some((i) => i.node === at.node && i.message.startsWith('Incorrect type'));
    const ranked = tried
      .map((issues, i) => ({ issues, i }))
      .sort((a, b) => Number(typeOk(b.issues)) - Number(typeOk(a.issues)) || a.issues.length - b.issues.length);
    return ranked[0]!.issues;
  }

  private object(at: Located, map: YAMLMap, schema: Schema): Issue[] {
    const out: Issue[] = [];
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    const present = new Set<string>();
    for (const pair of pairsOf(map)) {
      const name = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (name === undefined) continue;
      present.add(name);
      const child: Located = { node: pair.value, key: pair.key };
      if (Object.hasOwn(properties, name)) out.push(...this.issues(child, properties[name]!));
      else if (schema.additionalProperties === false) out.push({ node: pair.key, message: `Property ${name} is not allowed.` });
      else if (isObject(schema.additionalProperties)) out.push(...this.issues(child, schema.additionalProperties));
      if (isObject(schema.propertyNames)) out.push(...this.issues({ node: pair.key, key: null }, schema.propertyNames));
    }
    for (const name of (schema.required as string[] | undefined) ?? [])
      if (!present.has(name)) out.push({ node: at.key ?? firstKey(map) ?? map, message: `Missing property "${name}".` });
    return out;
  }
}

const firstKey = (map: YAMLMap): Node | undefined => (pairsOf(map)[0]?.key as Node | undefined) ?? undefined;

/** The mistakes the schema sees in the text; none while the YAML does not parse (the server's check says why). */
export function schemaProblems(text: string, schema: JsonSchema): SchemaProblem[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0 || !isObject(schema)) return [];
  const issues = new Validator(new Root(schema)).issues({ node: doc.contents as Node | null, key: null }, schema);
  const seen = new Set<string>();
  const out: SchemaProblem[] = [];
  for (const issue of issues) {
    const [from, to] = issue.node?.range ?? [0, 0];
    const key = `${from}:${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ from, to, line: lines.linePos(from).line, message: issue.message });
  }
  return out.sort((a, b) => a.from - b.from);
}

/* ---------- what a place of the text means: completion and hover ---------- */

type Step = string | number;

/** The schemas that apply to a value (allOf, $ref, if/then/else on the value, anyOf's branches that fit it). */
function applicable(root: Root, validator: Validator, schema: JsonSchema, at: Located): Schema[] {
  if (!isObject(schema)) return [];
  const out: Schema[] = [schema];
  if (typeof schema.$ref === 'string') {
    const target = root.deref(schema.$ref);
    if (target) out.push(...applicable(root, validator, target, at));
  }
  for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) out.push(...applicable(root, validator, part, at));
  if (schema.if !== undefined) {
    const branch = validator.valid(at, schema.if as JsonSchema) ? schema.then : schema.else;
    if (branch !== undefined) out.push(...applicable(root, validator, branch as JsonSchema, at));
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = (schema[key] as JsonSchema[] | undefined) ?? [];
    const fitting = branches.filter((b) => validator.valid(at, b));
    for (const b of fitting.length > 0 ? fitting : branches) out.push(...applicable(root, validator, b, at));
  }
  return out;
}

interface PathNode {
  at: Located;
  schemas: Schema[];
}

/** Walks the document from its root along `path`, with the schemas of each value on the way. */
function schemasAlong(root: Root, validator: Validator, contents: Node | null, path: Step[]): PathNode | undefined {
  let at: Located = { node: contents, key: null };
  let schemas = applicable(root, validator, root.schema, at);
  for (const step of path) {
    const next: JsonSchema[] = [];
    for (const s of schemas) {
      if (typeof step === 'number') {
        if (s.items !== undefined) next.push(s.items as JsonSchema);
      } else {
        const properties = s.properties as Record<string, JsonSchema> | undefined;
        if (properties && Object.hasOwn(properties, step)) next.push(properties[step]!);
        else if (isObject(s.additionalProperties)) next.push(s.additionalProperties);
      }
    }
    let child: Node | null = null;
    let key: Node | null = null;
    if (typeof step === 'number' && isSeq(at.node)) child = (at.node.items[step] as Node | undefined) ?? null;
    if (typeof step === 'string' && isMap(at.node)) {
      const pair = pairsOf(at.node).find((p) => isScalar(p.key) && String(p.key.value) === step);
      child = pair?.value ?? null;
      key = pair?.key ?? null;
    }
    at = { node: child, key };
    schemas = next.flatMap((s) => applicable(root, validator, s, at));
    if (schemas.length === 0) return undefined;
  }
  return { at, schemas };
}

/** The path from the document's root to `target` (keys and item indexes), or undefined. */
function pathTo(node: unknown, target: unknown, path: Step[] = []): Step[] | undefined {
  if (node === target) return path;
  if (isMap(node))
    for (const pair of node.items) {
      if (pair.key === target) return path;
      if (isPair(pair) && isScalar(pair.key)) {
        const found = pathTo(pair.value, target, [...path, String(pair.key.value)]);
        if (found) return found;
      }
    }
  if (isSeq(node))
    for (const [i, item] of node.items.entries()) {
      const found = pathTo(item, target, [...path, i]);
      if (found) return found;
    }
  return undefined;
}

/** The innermost scalar at `offset`. */
function scalarAt(node: unknown, offset: number): Node | undefined {
  if (isScalar(node)) return node.range && node.range[0] <= offset && offset <= node.range[1] ? node : undefined;
  if (isMap(node))
    for (const pair of node.items) {
      const found = scalarAt(pair.key, offset) ?? scalarAt(pair.value, offset);
      if (found) return found;
    }
  if (isSeq(node))
    for (const item of node.items) {
      const found = scalarAt(item, offset);
      if (found) return found;
    }
  return undefined;
}

const descriptionOf = (schemas: Schema[]) => schemas.map((s) => s.description).find((d): d is string => typeof d === 'string');

export interface Suggestion {
  label: string;
  /** What is inserted (a key with its colon). */
  apply: string;
  type: 'property' | 'value';
  info?: string;
}

export interface Completions {
  from: number;
  to: number;
  options: Suggestion[];
}

/** The values a schema takes: its enum (with enumDescriptions) and the consts of its branches (with their descriptions). */
function valuesOf(schemas: Schema[]): Suggestion[] {
  const out = new Map<string, Suggestion>();
  for (const s of schemas) {
    if (Array.isArray(s.enum))
      s.enum.forEach((v, i) => {
        const info = (s.enumDescriptions as string[] | undefined)?.[i];
        if (typeof v === 'string' && !out.has(v)) out.set(v, { label: v, apply: v, type: 'value', ...(info ? { info } : {}) });
      });
    if (typeof s.const === 'string' && !out.has(s.const))
      out.set(s.const, {
        label: s.const,
        apply: s.const,
        type: 'value',
        ...(typeof s.description === 'string' ? { info: s.description } : {}),
      });
  }
  return [...out.values()];
}

const PLACEHOLDER = 'studio__complete__';
const KEY_LINE = /^(\s*(?:-\s+)*)([A-Za-z0-9_$-]*)$/;
const VALUE_LINE = /^(\s*(?:-\s+)*)([A-Za-z0-9_$-]+):\s+([^\s#{[][^#]*)?$/;

/**
 * What may be typed at `offset`: the properties of the object the line is in (those not written yet), or the
 * values of the property whose value is being typed.
 */
export function completionsAt(text: string, offset: number, schema: JsonSchema): Completions | undefined {
  if (!isObject(schema)) return undefined;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset) === -1 ? text.length : text.indexOf('\n', offset);
  const before = text.slice(lineStart, offset);
  const root = new Root(schema);
  const validator = new Validator(root);
  const key = KEY_LINE.exec(before);
  if (key) {
    const typed = key[2]!;
    const probe = `${text.slice(0, lineStart)}${key[1]}${PLACEHOLDER}: 0${text.slice(lineEnd)}`;
    const doc = parseDocument(probe, { uniqueKeys: false, prettyErrors: false });
    const placeholder = findKey(doc.contents, PLACEHOLDER);
    if (!placeholder) return undefined;
    const path = pathTo(doc.contents, placeholder.map);
    if (!path) return undefined;
    const along = schemasAlong(root, validator, doc.contents as Node | null, path);
    if (!along) return undefined;
    const written = new Set(pairsOf(placeholder.map).map((p) => (isScalar(p.key) ? String(p.key.value) : '')));
    const options = new Map<string, Suggestion>();
    for (const s of along.schemas)
      for (const [name, property] of Object.entries((s.properties as Record<string, JsonSchema> | undefined) ?? {})) {
        if (written.has(name) || options.has(name)) continue;
        const info = isObject(property) ? descriptionOf(applicable(root, validator, property, { node: null, key: null })) : undefined;
        options.set(name, { label: name, apply: `${name}: `, type: 'property', ...(info ? { info } : {}) });
      }
    return { from: offset - typed.length, to: offset, options: [...options.values()] };
  }
  const value = VALUE_LINE.exec(before) ?? /^(\s*(?:-\s+)*)([A-Za-z0-9_$-]+):\s*()$/.exec(before);
  if (value) {
    const typed = value[3] ?? '';
    const probe = `${text.slice(0, lineStart)}${value[1]}${value[2]}: ${PLACEHOLDER}${text.slice(lineEnd)}`;
    const doc = parseDocument(probe, { uniqueKeys: false, prettyErrors: false });
    const found = findValue(doc.contents, PLACEHOLDER);
    if (!found) return undefined;
    const path = pathTo(doc.contents, found);
    if (!path) return undefined;
    const parentPath = path.slice(0, -1);
    const parent = schemasAlong(root, validator, doc.contents as Node | null, parentPath);
    if (!parent) return undefined;
    const last = path[path.length - 1]!;
    const property = parent.schemas.flatMap((s) => {
      const properties = s.properties as Record<string, JsonSchema> | undefined;
      return typeof last === 'string' && properties && Object.hasOwn(properties, last) ? [properties[last]!] : [];
    });
    const schemas = property.flatMap((p) => applicable(root, validator, p, { node: null, key: null }));
    return { from: offset - typed.length, to: offset, options: valuesOf(schemas) };
  }
  return undefined;
}

function findKey(node: unknown, name: string): { map: YAMLMap } | undefined {
  if (isMap(node)) {
    if (node.items.some((p) => isScalar(p.key) && p.key.value === name)) return { map: node };
    for (const pair of node.items) {
      const found = findKey(pair.value, name);
      if (found) return found;
    }
  }
  if (isSeq(node))
    for (const item of node.items) {
      const found = findKey(item, name);
      if (found) return found;
    }
  return undefined;
}

function findValue(node: unknown, value: string): Node | undefined {
  if (isScalar(node)) return node.value === value ? node : undefined;
  if (isMap(node))
    for (const pair of node.items) {
      const found = findValue(pair.value, value);
      if (found) return found;
    }
  if (isSeq(node))
    for (const item of node.items) {
      const found = findValue(item, value);
      if (found) return found;
    }
  return undefined;
}

export interface Hover {
  from: number;
  to: number;
  /** The property's description; for a value of a list (a block type, a copy key), that value's own. */
  text: string;
}

/** What the key or value at `offset` means, from the schema's descriptions. */
export function hoverAt(text: string, offset: number, schema: JsonSchema): Hover | undefined {
  if (!isObject(schema)) return undefined;
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  const scalar = scalarAt(doc.contents, offset);
  if (!scalar?.range) return undefined;
  const root = new Root(schema);
  const validator = new Validator(root);
  const path = pathTo(doc.contents, scalar);
  if (!path) return undefined;
  const isKey = isMap(doc.contents) || isSeq(doc.contents) ? keyNodes(doc.contents).has(scalar) : false;
  const along = schemasAlong(root, validator, doc.contents as Node | null, path);
  if (!along) return undefined;
  let description = descriptionOf(along.schemas);
  if (!isKey) {
    const own = valuesOf(along.schemas).find((v) => v.label === String((scalar as { value: unknown }).value))?.info;
    description = own ? (description ? `${own}\n\n${description}` : own) : description;
  }
  return description ? { from: scalar.range[0], to: scalar.range[1], text: description } : undefined;
}

function keyNodes(node: unknown, into = new Set<unknown>()): Set<unknown> {
  if (isMap(node))
    for (const pair of node.items) {
      into.add(pair.key);
      keyNodes(pair.value, into);
    }
  if (isSeq(node)) for (const item of node.items) keyNodes(item, into);
  return into;
}
