import { z } from 'zod';

/**
 * Metadata the checker reads while walking a schema together with the YAML it describes
 * (src/compiler/schemaWalk.ts). Nothing here changes what a schema accepts.
 *
 * - `role` marks the places where config refers to something defined elsewhere, so that
 *   `npm run check` finds every reference whatever block or action it sits in: a new block
 *   that uses `copyKey`, `target`, `condition`, `valueMap` or `actionList` is checked
 *   without any change to the checker.
 * - `description` says in plain words what a value is, for "Missing 'to:' — ... needs ...".
 */
export type SchemaRole = 'copyKey' | 'copyGroup' | 'routePath' | 'target' | 'fact' | 'valueSource' | 'action';
/**
 * Names the project defines that a value refers to (a screen path, a flag, a client-state
 * key...). The editors' JSON Schemas list them for completion (src/generators/jsonSchema/); the
 * checker resolves them its own way, so this is a label only.
 */
export type ProjectNames =
  | 'route'
  | 'fact'
  | 'flag'
  | 'stateKey'
  | 'storageKey'
  | 'paymentValue'
  | 'call'
  | 'layout'
  | 'link'
  | 'screen'
  | 'template'
  | 'offer'
  | 'planTag';
/**
 * - `keys`: for a `copyGroup`, the keys the group must have (`payment:checkout` must have
 *   `payment:checkout.submit`...): the component reads them by themselves; `texts`: the
 *   placeholders it fills in each.
 * - `fills`: for a `copyKey`, the `{placeholders}` its block, rule or action fills in the text;
 *   `params`: the `params:` beside it fills the rest.
 * - `names`: which of the project's names the value is one of.
 */
export const schemaInfo = z.registry<{
  role?: SchemaRole;
  description?: string;
  keys?: readonly string[];
  texts?: Readonly<Record<string, readonly string[]>>;
  fills?: readonly string[];
  params?: boolean;
  names?: ProjectNames;
}>();

/**
 * The branches of a union told apart by a key (see keyedUnion / taggedUnion in ./strict.ts).
 * Those unions are `z.unknown()` with a refinement, so their branches are recorded here for
 * the checker's walk.
 */
export interface UnionBranches {
  /** `tagged`: the branch is named by the value of `tag`; `keyed`: by which key is present. */
  kind: 'tagged' | 'keyed';
  tag?: string;
  branches: Record<string, z.ZodType>;
  /** 'block', 'action', 'a condition'... */
  what: string;
}
export const unionInfo = new WeakMap<z.ZodType, UnionBranches>();

/** `schema` (a copy, the same to zod and to the checker) labelled as naming one of the project's `names`. */
export function refersTo<T extends z.ZodType>(names: ProjectNames, schema: T): T {
  const copy = schema.clone();
  schemaInfo.add(copy, { names });
  return copy;
}
