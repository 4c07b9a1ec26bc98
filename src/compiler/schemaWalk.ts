import type { z } from 'zod';
import { type SchemaRole, schemaInfo, type UnionBranches, unionInfo } from '../language/schema/roles.ts';
import type { YamlPath } from './diagnostic.ts';

/**
 * Walks a zod schema of the funnel language together with the data it describes, so that
 * checks can find every copy key, target, fact, value source and action wherever it sits —
 * in any block, action or future addition — by the role its schema carries
 * (src/language/schema/roles.ts), not by knowing the blocks one by one.
 *
 * The walk is lenient: it runs on files that failed schema validation too (their errors are
 * already reported), following whatever part of the data still fits the schema. A union
 * whose branch cannot be told (an unknown block type) ends the walk there; that node is
 * marked `typed: false`.
 */
export interface WalkNode {
  path: YamlPath;
  data: unknown;
  /** The concrete schema after optional/lazy wrappers and unions are resolved. */
  schema: z.ZodType;
  roles: ReadonlySet<SchemaRole>;
  /** The tagged or keyed union this node was resolved through, with the branch taken. */
  union?: { info: UnionBranches; branch: string };
  /** False when a union could not pick a branch for this data. */
  typed: boolean;
  parent?: WalkNode;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
};

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

export interface Unwrapped {
  schema: z.ZodType;
  roles: Set<SchemaRole>;
  description?: string;
}

/** Strips optional / default / lazy / pipe wrappers, collecting roles and descriptions. */
export function unwrap(schema: z.ZodType, into: Unwrapped = { schema, roles: new Set() }): Unwrapped {
  const found = unwrappedOnce(schema);
  for (const role of found.roles) into.roles.add(role);
  if (found.description !== undefined && into.description === undefined) into.description = found.description;
  into.schema = found.schema;
  return into;
}

/**
 * Schemas do not change once built, so each is unwrapped once: a check walks every node of
 * every file, and the registry lookups of unwrapping were most of its time (the dev server
 * checks again at every save).
 */
const unwrapped = new WeakMap<z.ZodType, { schema: z.ZodType; roles: SchemaRole[]; description?: string }>();

function unwrappedOnce(schema: z.ZodType): { schema: z.ZodType; roles: SchemaRole[]; description?: string } {
  const known = unwrapped.get(schema);
  if (known) return known;
  const into: Unwrapped = { schema, roles: new Set() };
  let current = schema;
  for (;;) {
    const info = schemaInfo.get(current);
    if (info?.role) into.roles.add(info.role);
    if (info?.description && into.description === undefined) into.description = info.description;
    const def = defOf(current);
    if (wrappers.has(def.type) && def.innerType) current = def.innerType;
    // zod keeps a lazy schema's inner schema once built: the same instance every time, so a
    // recursive schema (conditions, actions) is not built again at every level it is walked.
    else if (def.type === 'lazy') current = (current as unknown as { _zod: { innerType: z.ZodType } })._zod.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else break;
  }
  const found = { schema: current, roles: [...into.roles], ...(into.description === undefined ? {} : { description: into.description }) };
  unwrapped.set(schema, found);
  return found;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Could `data` be of this schema's kind (string, number, list, object...)? Cheap, no parsing. */
export function accepts(schema: z.ZodType, data: unknown): boolean {
  const { schema: s } = unwrap(schema);
  if (unionInfo.has(s)) return isPlainObject(data);
  const def = defOf(s);
  switch (def.type) {
    case 'string':
    case 'enum':
      return typeof data === 'string';
    case 'number':
      return typeof data === 'number';
    case 'boolean':
      return typeof data === 'boolean';
    case 'null':
      return data === null;
    case 'literal':
      return (def.values ?? []).includes(data);
    case 'array':
      return Array.isArray(data);
    case 'object':
    case 'record':
      return isPlainObject(data);
    case 'union':
      return (def.options ?? []).some((o) => accepts(o, data));
    default:
      return true;
  }
}

export interface Resolved extends Unwrapped {
  union?: { info: UnionBranches; branch: string };
  typed: boolean;
}

/**
 * Unwraps and follows unions as far as `data` tells which branch applies. The answer depends
 * only on the schema and the branches taken, so it is computed once for each (the same object:
 * callers read it, never change it).
 */
export function resolveSchema(schema: z.ZodType, data: unknown): Resolved {
  let bySchema = resolvedByBranches.get(schema);
  if (!bySchema) {
    bySchema = new Map();
    resolvedByBranches.set(schema, bySchema);
  }
  const key = branchesTaken(schema, data);
  let resolved = bySchema.get(key);
  if (!resolved) {
    resolved = resolveSchemaOnce(schema, data);
    bySchema.set(key, resolved);
  }
  return resolved;
}

const resolvedByBranches = new WeakMap<z.ZodType, Map<string, Resolved>>();

/** Which branch `data` takes at each union on the way down from `schema`: the key of its resolution. */
function branchesTaken(schema: z.ZodType, data: unknown): string {
  let key = '';
  let current = unwrappedOnce(schema).schema;
  for (;;) {
    const union = unionInfo.get(current);
    if (union) {
      const branch = pickBranch(union, data);
      if (branch === undefined) return `${key}/?`;
      key += `/${branch}`;
      current = unwrappedOnce(union.branches[branch]!).schema;
      continue;
    }
    const def = defOf(current);
    if (def.type !== 'union') return key;
    const options = def.options ?? [];
    const option = options.findIndex((o) => accepts(o, data));
    if (option < 0) return `${key}/!${data === undefined}`;
    key += `/${option}`;
    current = unwrappedOnce(options[option]!).schema;
  }
}

function resolveSchemaOnce(schema: z.ZodType, data: unknown): Resolved {
  const out: Resolved = { ...unwrap(schema), typed: true };
  for (;;) {
    const union = unionInfo.get(out.schema);
    if (union) {
      const branch = pickBranch(union, data);
      if (branch === undefined) return { ...out, typed: false };
      out.union = { info: union, branch };
      unwrap(union.branches[branch]!, out);
      continue;
    }
    const def = defOf(out.schema);
    if (def.type === 'union') {
      const option = (def.options ?? []).find((o) => accepts(o, data));
      if (!option) return { ...out, typed: data === undefined };
      unwrap(option, out);
      continue;
    }
    return out;
  }
}

function pickBranch(union: UnionBranches, data: unknown): string | undefined {
  if (!isPlainObject(data)) return undefined;
  if (union.kind === 'tagged') {
    const tag = data[union.tag!];
    return typeof tag === 'string' && tag in union.branches ? tag : undefined;
  }
  const present = Object.keys(union.branches).filter((k) => k in data);
  return present.length === 1 ? present[0] : undefined;
}

/** The schema of one child (object key, list index or record value) of a resolved schema. */
export function childSchema(schema: z.ZodType, key: string | number): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return typeof key === 'string' ? def.shape?.[key] : undefined;
  if (def.type === 'array') return def.element;
  if (def.type === 'record') return def.valueType;
  return undefined;
}

/**
 * Visits every node of `data` that the schema describes, parents before children; with
 * `descend`, only below the nodes it answers true for (a search that knows where to look).
 */
export function walk(
  schema: z.ZodType,
  data: unknown,
  visit: (node: WalkNode) => void,
  path: YamlPath = [],
  parent?: WalkNode,
  descend?: (node: WalkNode) => boolean,
): void {
  const resolved = resolveSchema(schema, data);
  const node: WalkNode = {
    path,
    data,
    schema: resolved.schema,
    roles: resolved.roles,
    typed: resolved.typed,
    ...(resolved.union ? { union: resolved.union } : {}),
    ...(parent ? { parent } : {}),
  };
  visit(node);
  if (!resolved.typed || (descend && !descend(node))) return;
  const def = defOf(resolved.schema);
  if (def.type === 'object' && isPlainObject(data)) {
    for (const [key, child] of Object.entries(def.shape ?? {}))
      if (data[key] !== undefined) walk(child, data[key], visit, [...path, key], node, descend);
  } else if (def.type === 'array' && Array.isArray(data)) {
    data.forEach((item, i) => {
      walk(def.element!, item, visit, [...path, i], node, descend);
    });
  } else if (def.type === 'record' && isPlainObject(data)) {
    for (const [key, value] of Object.entries(data)) walk(def.valueType!, value, visit, [...path, key], node, descend);
  }
}

/**
 * Every node `walk` visits in `data` of a file, in order. A file's data never changes once loaded,
 * and the dev server checks unchanged files again at every save: each is walked once.
 */
export function walkedNodes(schema: z.ZodType, data: unknown): readonly WalkNode[] {
  const known = data !== null && typeof data === 'object' ? walked.get(data) : undefined;
  if (known?.schema === schema) return known.nodes;
  const nodes: WalkNode[] = [];
  walk(schema, data, (node) => nodes.push(node));
  if (data !== null && typeof data === 'object') walked.set(data, { schema, nodes });
  return nodes;
}

const walked = new WeakMap<object, { schema: z.ZodType; nodes: WalkNode[] }>();

/**
 * The schema expected at `path` of `rootData`, following the data where it exists (to pick
 * union branches); used to say what a missing key should hold.
 */
export function schemaAt(rootSchema: z.ZodType, rootData: unknown, path: YamlPath): Resolved | undefined {
  let schema: z.ZodType = rootSchema;
  let data = rootData;
  for (const key of path) {
    const resolved = resolveSchema(schema, data);
    const child = childSchema(resolved.schema, key);
    if (!child) return undefined;
    schema = child;
    data = isPlainObject(data) || Array.isArray(data) ? (data as Record<string | number, unknown>)[key] : undefined;
  }
  return resolveSchema(schema, data);
}
