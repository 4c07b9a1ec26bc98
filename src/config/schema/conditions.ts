import { z } from 'zod';
import { type Literal, literal } from './common.ts';
import { schemaInfo } from './roles.ts';
import { keyedUnion, strictObject } from './strict.ts';

/**
 * Conditions are data: a small tree of all / any / not over facts. A fact is either one of
 * the fixed facts below or `family.name` for the open families (state keys, flags, query
 * parameters...). `npm run check` resolves every name; the runtime never evaluates strings.
 */
export const fixedFacts = [
  'session.loggedIn',
  'navigation.path',
  'navigation.from',
  'navigation.reload',
  'device.mobile',
  'customer.expired',
  'customer.hasPlan',
  'customer.gifted',
  'customer.lifetime',
  'customer.trialActive',
] as const;

/** `family.<name>` facts; what a name may be is checked per family. */
export const factFamilies = ['state', 'storage', 'flag', 'query', 'cookie', 'form', 'result', 'error', 'payment'] as const;

export type FactTest =
  | { is?: boolean }
  | { equals: Literal }
  | { in: Literal[] }
  | { exists: boolean }
  | { numeric: boolean }
  | { contains: string }
  | { startsWith: string };

export type FactCondition = { fact: string } & FactTest;
export type Condition = { all: Condition[] } | { any: Condition[] } | { not: Condition } | FactCondition;

const factName = z.string({ error: 'Expected a fact name like session.loggedIn.' }).min(1);
export const factTests = ['is', 'equals', 'in', 'exists', 'numeric', 'contains', 'startsWith'] as const;

const factCondition = strictObject({
  fact: factName,
  is: z.boolean().optional(),
  equals: literal.optional(),
  in: z.array(literal).min(1).optional(),
  exists: z.boolean().optional(),
  numeric: z.boolean().optional(),
  contains: z.string().optional(),
  startsWith: z.string().optional(),
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

export const condition: z.ZodType<Condition> = z.lazy(() =>
  keyedUnion(
    {
      all: strictObject({ all: z.array(condition).min(1) }),
      any: strictObject({ any: z.array(condition).min(1) }),
      not: strictObject({ not: condition }),
      fact: factCondition,
    },
    'a condition',
  ),
) as z.ZodType<Condition>;
