import { z } from 'zod';
import { closest } from '../suggest.ts';
import { unionInfo } from './roles.ts';

/** The catchall of strict objects: other keys pass zod's parse, to be reported one by one below. */
const otherKeys = z.unknown();

/** Was `schema` made by strictObject (whatever was chained on it since)? In JSON Schema it allows no other key. */
export const isStrictObject = (schema: z.ZodType): boolean => (schema._zod.def as { catchall?: z.ZodType }).catchall === otherKeys;

/**
 * An object schema that reports every unknown key as its own issue, positioned at that key,
 * with a "did you mean" suggestion. zod's own strictObject reports unknown keys as one issue
 * at the parent, and only when nothing else failed; a marketer's misspelt key usually also
 * makes a required key "missing", so we need both reported (the checker then keeps the
 * more helpful one).
 */
export function strictObject<T extends z.ZodRawShape>(shape: T) {
  const known = Object.keys(shape);
  return z
    .object(shape)
    .catchall(otherKeys)
    .superRefine(
      (value, ctx) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
        for (const key of Object.keys(value)) {
          if (known.includes(key)) continue;
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `Unknown field '${key}'.`,
            params: { kind: 'unknown-key', key, suggestion: closest(key, known), known },
          });
        }
      },
      // Run even when a known key failed: both mistakes are reported together.
      { when: () => true } as object,
    ) as unknown as z.ZodType<z.output<z.ZodObject<T>>, z.input<z.ZodObject<T>>>;
}

/**
 * A union of object schemas told apart by which key they have (`all:` / `any:` / `not:` /
 * `fact:`), so that a mistake inside one branch is reported against that branch only,
 * instead of zod's "no union member matched".
 */
export function keyedUnion<T extends Record<string, z.ZodType>>(branches: T, what: string) {
  const keys = Object.keys(branches);
  const schema = z.unknown().superRefine((value, ctx) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `Expected ${what}: an object with one of ${keys.map((k) => `'${k}'`).join(', ')}.`,
        params: { kind: 'shape' },
      });
      return;
    }
    const present = keys.filter((k) => k in value);
    if (present.length !== 1) {
      const given = Object.keys(value);
      const guess = given.map((g) => closest(g, keys)).find(Boolean);
      ctx.addIssue({
        code: 'custom',
        message:
          present.length === 0
            ? `Expected ${what} with one of ${keys.map((k) => `'${k}'`).join(', ')}.`
            : `${what[0]!.toUpperCase()}${what.slice(1)} can have only one of ${present.map((k) => `'${k}'`).join(', ')}.`,
        params: {
          kind: 'keyed-union',
          suggestion: present.length === 0 ? guess : undefined,
          badKey: present.length === 0 ? given.find((g) => closest(g, keys)) : undefined,
        },
      });
      return;
    }
    const result = branches[present[0]!]!.safeParse(value);
    if (!result.success) forwardIssues(result.error.issues, ctx);
  });
  unionInfo.set(schema, { kind: 'keyed', branches, what });
  inJsonSchemaOneOf(schema, branches);
  return schema as unknown as z.ZodType<z.output<T[keyof T]>>;
}

/** Re-raise a branch's issues unchanged (code, path and details), relative to this value. */
function forwardIssues(issues: z.core.$ZodIssue[], ctx: z.RefinementCtx) {
  for (const issue of issues) ctx.addIssue({ ...issue } as never);
}

/**
 * A union of object schemas discriminated by one key (`type:` for blocks and fields,
 * `do:` for actions, `rule:` for validation rules), with a "did you mean" on an unknown value.
 */
export function taggedUnion<T extends Record<string, z.ZodType>>(tag: string, branches: T, what: string) {
  const tags = Object.keys(branches);
  const schema = z.unknown().superRefine((value, ctx) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `Expected ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} here: a group of fields with '${tag}:'.`,
        params: { kind: 'shape' },
      });
      return;
    }
    const tagValue = (value as Record<string, unknown>)[tag];
    if (tagValue === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `This ${what} has no '${tag}:'. Add one of: ${tags.join(', ')}.`,
        params: { kind: 'missing-tag' },
      });
      return;
    }
    const branch = typeof tagValue === 'string' ? branches[tagValue] : undefined;
    if (!branch) {
      ctx.addIssue({
        code: 'custom',
        path: [tag],
        // 'Unknown block type 'hedaing'.', 'Unknown action 'got'.', 'Unknown validation rule 'x'.'
        message: `Unknown ${what}${tag === 'type' ? ' type' : ''} '${String(tagValue)}'.`,
        params: { kind: 'unknown-tag', suggestion: typeof tagValue === 'string' ? closest(tagValue, tags) : undefined, known: tags },
      });
      return;
    }
    const result = branch.safeParse(value);
    if (!result.success) forwardIssues(result.error.issues, ctx);
  });
  unionInfo.set(schema, { kind: 'tagged', tag, branches, what });
  inJsonSchemaOneOf(schema, branches);
  return schema as unknown as z.ZodType<z.output<T[keyof T]>>;
}

/**
 * The unions above are `z.unknown()` to zod, so its JSON Schema (the editors' schemas,
 * src/generators/jsonSchema/) would say nothing of them: there they are one of their branches.
 * zod's own schema classes describe themselves to z.toJSONSchema through this same hook.
 */
function inJsonSchemaOneOf(schema: z.ZodType, branches: Record<string, z.ZodType>): void {
  schema._zod.processJSONSchema = (ctx, json, params) => {
    json.oneOf = Object.values(branches).map((branch, i) =>
      z.core.processSchema(branch, ctx, { ...params, path: [...params.path, 'oneOf', i] }),
    );
  };
}
