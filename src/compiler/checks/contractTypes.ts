import { z } from 'zod';
import { defOf } from '../schemaWalk.ts';

/**
 * What the checker reads of the contract's zod schemas (src/contract/definitions.ts): which
 * fields an input or an answer has, and what kind of value each takes. Anything it cannot
 * tell (z.unknown, a transform's output, a free-form record) reads as "anything", so the
 * checks that use it are exact where the type is known and silent where it is not.
 */
export type Kind = 'text' | 'number' | 'boolean' | 'nothing' | 'list' | 'group';

/** The kinds a value may be; undefined: anything. */
export type Kinds = ReadonlySet<Kind> | undefined;

/** Which end of a pipe (`formNumber`: text in, number out) a check looks at. */
export type Side = 'input' | 'output';

const passThrough = new Set(['optional', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schema under optional / default / lazy wrappers and a pipe's end; nullable stays (it is a kind). */
function bare(schema: z.ZodType, side: Side): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (passThrough.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'lazy') current = (current as unknown as { _zod: { innerType: z.ZodType } })._zod.innerType;
    else if (def.type === 'pipe') current = (side === 'input' ? def.in : (def as { out?: z.ZodType }).out) ?? current;
    else return current;
  }
}

/** Does the object field accept being left out? */
export const isOptional = (schema: z.ZodType) => (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

export function kindsOf(schema: z.ZodType, side: Side): Kinds {
  const s = bare(schema, side);
  const def = defOf(s);
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'template_literal':
      return new Set(['text']);
    case 'number':
    case 'int':
    case 'bigint':
      return new Set(['number']);
    case 'boolean':
      return new Set(['boolean']);
    case 'null':
    case 'undefined':
      return new Set(['nothing']);
    case 'literal':
      return new Set((def.values ?? []).map(kindOfValue));
    case 'array':
    case 'tuple':
      return new Set(['list']);
    case 'object':
    case 'record':
      return new Set(['group']);
    case 'nullable': {
      const inner = kindsOf(def.innerType!, side);
      return inner && new Set([...inner, 'nothing']);
    }
    case 'union': {
      const all = new Set<Kind>();
      for (const option of def.options ?? []) {
        const kinds = kindsOf(option, side);
        if (!kinds) return undefined;
        for (const k of kinds) all.add(k);
      }
      return all;
    }
    default:
      return undefined;
  }
}

export function kindOfValue(value: unknown): Kind {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'text';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'group';
  }
}

const kindWords: Record<Kind, string> = {
  text: 'text',
  number: 'a number',
  boolean: 'true or false',
  nothing: 'nothing',
  list: 'a list',
  group: 'a group of fields',
};

/** "text or a number"; 'nothing' is left out when something else is there (an empty value is rarely the point). */
export function kindsInWords(kinds: ReadonlySet<Kind>): string {
  const shown = kinds.size > 1 ? [...kinds].filter((k) => k !== 'nothing') : [...kinds];
  return shown.map((k) => kindWords[k]).join(' or ');
}

/** The fields of an object schema (through nullable and unions of objects); undefined when it is not one. */
export function fieldsOf(schema: z.ZodType, side: Side): Record<string, z.ZodType> | undefined {
  const s = bare(schema, side);
  const def = defOf(s);
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'nullable' && def.innerType) return fieldsOf(def.innerType, side);
  if (def.type === 'union') {
    const all: Record<string, z.ZodType> = {};
    for (const option of def.options ?? []) {
      const fields = fieldsOf(option, side);
      if (fields) Object.assign(all, fields);
    }
    return Object.keys(all).length > 0 ? all : undefined;
  }
  return undefined;
}

export type PathLookup =
  | { found: z.ZodType }
  /** `missing` is not a field of the group reached at `at` (the segments before it), which has `fields`. */
  | { missing: string; at: string[]; fields: string[] }
  /** Something on the way is free-form: nothing to say. */
  | { unknown: true };

/** Follows `a.b.0.c` into an answer's schema, as the runtime's readPath reads the answer. */
export function lookupPath(schema: z.ZodType, segments: readonly string[], side: Side = 'output'): PathLookup {
  let current = schema;
  for (const [i, segment] of segments.entries()) {
    const s = bare(current, side);
    const def = defOf(s);
    const element = elementOf(s, side);
    if (element) {
      if (/^\d+$/.test(segment)) current = element;
      else if (segment === 'length') current = lengthSchema;
      else return { missing: segment, at: segments.slice(0, i), fields: ['length', '0'] };
      continue;
    }
    const fields = fieldsOf(s, side);
    if (!fields)
      return def.type === 'record' || kindsOf(s, side) === undefined
        ? { unknown: true }
        : { missing: segment, at: segments.slice(0, i), fields: [] };
    const next = fields[segment];
    if (!next) return { missing: segment, at: segments.slice(0, i), fields: Object.keys(fields) };
    current = next;
  }
  return { found: current };
}

function elementOf(schema: z.ZodType, side: Side): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === 'array') return def.element;
  if (def.type === 'nullable' && def.innerType) {
    const inner = bare(def.innerType, side);
    return defOf(inner).type === 'array' ? defOf(inner).element : undefined;
  }
  return undefined;
}

/** What a list's `length` reads. */
const lengthSchema = z.number();

/** The fixed values a field can take (an enum or literals, with null when nullable); undefined when open. */
export function fixedValues(schema: z.ZodType, side: Side = 'output'): unknown[] | undefined {
  const s = bare(schema, side);
  const def = defOf(s);
  switch (def.type) {
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'literal':
      return def.values ?? [];
    case 'boolean':
      return [true, false];
    case 'null':
      return [null];
    case 'nullable': {
      const inner = fixedValues(def.innerType!, side);
      return inner && [...inner, null];
    }
    case 'union': {
      const all: unknown[] = [];
      for (const option of def.options ?? []) {
        const values = fixedValues(option, side);
        if (!values) return undefined;
        all.push(...values);
      }
      return all;
    }
    default:
      return undefined;
  }
}
