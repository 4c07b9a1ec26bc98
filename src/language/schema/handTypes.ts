import type { z } from 'zod';

/**
 * Hand-written types beside their schemas. A type that holds itself (an action's `then:` holds
 * actions, a condition's `all:` conditions) cannot be inferred from its schema with `z.infer`, so
 * it is written out; these types make the compiler hold it to the schema, branch by branch, so
 * that a prop renamed (or added, or dropped) on one side only fails to compile.
 */

/** Exactly the same type: unlike plain assignability, an optional prop renamed on one side is a difference. */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Intersections flattened into one object type, so that `{ a } & { b }` is the same as `{ a; b }`. */
type Flat<T> = { [K in keyof T]: T[K] };

/** The branch of union `T` a key picks: by the value of `tag` (`do: go`), else by having the key (`all:`). */
type Branch<T, K extends string, Tag extends string | undefined> = Tag extends string
  ? Extract<T, Record<Tag, K>>
  : Extract<T, Record<K, unknown>>;

/**
 * The branches whose hand-written type is not exactly what its schema accepts, and the members of
 * the hand-written union no schema branch stands for; `never` when they agree.
 */
export type DriftedBranches<T, Branches extends Record<string, z.ZodType>, Tag extends string | undefined = undefined> =
  | { [K in keyof Branches & string]: Same<Flat<Branch<T, K, Tag>>, Flat<z.output<Branches[K]>>> extends true ? never : K }[keyof Branches &
      string]
  | (Tag extends string ? Exclude<T extends Record<Tag, infer V> ? V : never, keyof Branches> : never);

/**
 * `true` when nothing drifted; else a type naming the branches that did, which `true` does not
 * satisfy, so the compiler's message names them: `true satisfies Agrees<DriftedBranches<...>>`.
 */
export type Agrees<Drifted> = [Drifted] extends [never] ? true : { 'differs from its schema': Drifted };
