import { z } from 'zod';
import { type ConditionFactFamily, conditionFactFamilies, type FixedFact, fixedFactNames } from '../factRegistry.ts';
import { literal } from './common.ts';
import type { Agrees, DriftedBranches } from './handTypes.ts';
import { refersTo, schemaInfo } from './roles.ts';
import { keyedUnion, strictObject } from './strict.ts';

/**
 * Conditions are data: a small tree of all / any / not over facts. A fact is either one of
 * the fixed facts or `family.name` for the open families (state keys, flags, query
 * parameters...), both listed in src/config/factRegistry.ts. `npm run check` resolves every
 * name; the runtime never evaluates strings.
 */
export const fixedFacts: readonly FixedFact[] = fixedFactNames;

/** `family.<name>` facts a condition may test; what a name may be is checked per family. */
export const factFamilies: readonly ConditionFactFamily[] = conditionFactFamilies;

const factName = refersTo('fact', z.string({ error: 'Expected a fact name like session.loggedIn.' }).min(1));

/** The tests of a fact, one per condition; none is `is: true`. */
const factTestSchemas = {
  is: z.boolean(),
  equals: literal,
  in: z.array(literal).min(1),
  exists: z.boolean(),
  numeric: z.boolean(),
  contains: z.string(),
  startsWith: z.string(),
};
export const factTests = Object.keys(factTestSchemas) as (keyof typeof factTestSchemas)[];

const factCondition = strictObject({
  fact: factName,
  is: factTestSchemas.is.optional(),
  equals: factTestSchemas.equals.optional(),
  in: factTestSchemas.in.optional(),
  exists: factTestSchemas.exists.optional(),
  numeric: factTestSchemas.numeric.optional(),
  contains: factTestSchemas.contains.optional(),
  startsWith: factTestSchemas.startsWith.optional(),
})
  .superRefine((value, ctx) => {
    const tests = factTests.filter((test) => (value as Record<string, unknown>)[test] !== undefined);
    if (tests.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: [tests[1]!],
        message: `A fact condition takes one test; this one has ${tests.map((t) => `'${t}'`).join(' and ')}. Combine them with 'all:'.`,
      });
  })
  .register(schemaInfo, { role: 'fact' });

/** `{ fact: name }` with at most one test (the schema refuses two). */
export type FactCondition = z.output<typeof factCondition>;
/** Written out: a condition holds conditions. Held to the schema's branches below. */
export type Condition = { all: Condition[] } | { any: Condition[] } | { not: Condition } | FactCondition;

const conditionBranches = {
  all: strictObject({ all: z.array(z.lazy(() => condition)).min(1) }),
  any: strictObject({ any: z.array(z.lazy(() => condition)).min(1) }),
  not: strictObject({ not: z.lazy(() => condition) }),
  fact: factCondition,
};

export const condition: z.ZodType<Condition> = z
  .lazy(() => keyedUnion(conditionBranches, 'a condition'))
  .register(z.globalRegistry, {
    id: 'condition',
    description: 'A condition: { fact: <fact>, <test>: <value> }, or all: / any: / not: over conditions.',
  });

// The hand-written Condition above is exactly what each branch's schema accepts.
true satisfies Agrees<DriftedBranches<Condition, typeof conditionBranches>>;
