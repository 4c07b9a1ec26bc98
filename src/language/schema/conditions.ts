import { z } from 'zod';
import { type ConditionFactFamily, conditionFactFamilies, type FixedFact, fixedFactNames } from '../factRegistry.ts';
import { literal } from './common.ts';
import type { Agrees, DriftedBranches } from './handTypes.ts';
import { refersTo, schemaInfo } from './roles.ts';
import { keyedUnion, strictObject } from './strict.ts';

/**
 * Conditions are data: a small tree of all / any / not over facts. A fact is either one of
 * the fixed facts or `family.name` for the open families (state keys, flags, query
 * parameters...), both listed in src/language/factRegistry.ts. `npm run check` resolves every
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
  fact: factName.describe('What is tested: a fact like session.loggedIn, or family.name like flag.quiz or query.promo.'),
  is: factTestSchemas.is
    .optional()
    .describe('The fact is set (true, the test when none is given) or not (false); a flag is set unless off or control.'),
  equals: factTestSchemas.equals.optional().describe('The fact has this value (for a flag, this variant).'),
  in: factTestSchemas.in.optional().describe('The fact has one of these values (for a flag, one of these variants).'),
  exists: factTestSchemas.exists.optional().describe('The fact has a value (true) or none (false).'),
  numeric: factTestSchemas.numeric.optional().describe('The fact is a number, or digits (true), or not (false).'),
  contains: factTestSchemas.contains.optional().describe('The fact is a text containing this, or a list holding it.'),
  startsWith: factTestSchemas.startsWith.optional().describe('The fact is a text starting with this.'),
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
  all: strictObject({
    all: z
      .array(z.lazy(() => condition))
      .min(1)
      .describe('Conditions that must all hold.'),
  }).describe('Every condition of the list holds.'),
  any: strictObject({
    any: z
      .array(z.lazy(() => condition))
      .min(1)
      .describe('Conditions of which one must hold.'),
  }).describe('At least one condition of the list holds.'),
  not: strictObject({ not: z.lazy(() => condition).describe('The condition that must not hold.') }).describe(
    'The condition does not hold.',
  ),
  fact: factCondition.describe('A fact passes a test: { fact: <name> } alone means it is true.'),
};

export const condition: z.ZodType<Condition> = z
  .lazy(() => keyedUnion(conditionBranches, 'a condition'))
  .register(z.globalRegistry, {
    id: 'condition',
    description: 'A condition: { fact: <fact>, <test>: <value> }, or all: / any: / not: over conditions.',
  });

// The hand-written Condition above is exactly what each branch's schema accepts.
true satisfies Agrees<DriftedBranches<Condition, typeof conditionBranches>>;
