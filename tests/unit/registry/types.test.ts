/**
 * Type-level tests, checked by `tsc -p .` (part of the checks every change passes): vitest runs
 * the file, but what it proves is that these lines compile, or, on `@ts-expect-error` lines, that
 * they do not. A prop renamed on one side of a registry (its schema, its hand-written type, the
 * placeholders it fills) fails to compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { CustomerFacts } from '../../../src/language/evaluate/facts.ts';
import type { CustomerFact } from '../../../src/language/factRegistry.ts';
import { actionBranches, type WrittenAction } from '../../../src/language/schema/actions.ts';
import { milliseconds } from '../../../src/language/schema/common.ts';
import { condition } from '../../../src/language/schema/conditions.ts';
import type { Rule } from '../../../src/language/schema/fields.ts';
import type { DriftedBranches } from '../../../src/language/schema/handTypes.ts';
import { strictObject } from '../../../src/language/schema/strict.ts';
import { target } from '../../../src/language/schema/targets.ts';
import { valueMap } from '../../../src/language/schema/values.ts';
import { defineRule } from '../../../src/language/validationRules.ts';

describe('types derived from the registries', () => {
  it('a rule schema must have a prop for each placeholder its message is said to fill', () => {
    // `length` fills {min} and {max}: its schema cannot call them anything else.
    const length = { description: '', message: 'validation:length', fills: ['field', 'min', 'max'], passes: () => true } as const;
    // @ts-expect-error 'min' is missing: the prop was renamed but not the name the message fills
    defineRule({ ...length, props: () => ({ minimum: z.number(), max: z.number() }) });
    defineRule({ ...length, props: () => ({ min: z.number(), max: z.number() }) });
  });

  it('the Rule type is inferred from the rule schemas: code reading a prop by another name does not compile', () => {
    const readMax = (r: Extract<Rule, { rule: 'maxLength' }>) => r.max;
    // @ts-expect-error a maxLength rule has 'max', not 'maximum'
    const readMaximum = (r: Extract<Rule, { rule: 'maxLength' }>) => r.maximum;
    expectTypeOf(readMax).returns.toEqualTypeOf<number>();
    expectTypeOf(readMaximum).toBeFunction();
  });

  // Condition and AccountSectionsBlock are held so in their own modules.
  it('the hand-written Action (as written in YAML) is exactly what its schema accepts', () => {
    expectTypeOf<DriftedBranches<WrittenAction, typeof actionBranches, 'do'>>().toEqualTypeOf<never>();
  });

  it('a prop renamed in one branch of a schema, and not in its hand-written type, is a drift named by its branch', () => {
    const renamedGo = {
      ...actionBranches,
      // The go branch as it is, but for keepQuery → keepQueryString.
      go: strictObject({
        do: z.literal('go'),
        when: condition.optional(),
        to: target,
        keepQueryString: z.boolean().optional(),
        query: valueMap.optional(),
        delayMs: milliseconds.optional(),
        replace: z.boolean().optional(),
      }),
    };
    expectTypeOf<DriftedBranches<WrittenAction, typeof renamedGo, 'do'>>().toEqualTypeOf<'go'>();
    // Renamed back, it agrees: the drift above is the rename alone.
    const sameGo = { ...renamedGo, go: actionBranches.go };
    expectTypeOf<DriftedBranches<WrittenAction, typeof sameGo, 'do'>>().toEqualTypeOf<never>();
  });

  it('what a customer record tells is the customer.* facts of the registry', () => {
    expectTypeOf<CustomerFact>().toEqualTypeOf<
      'expired' | 'hasPlan' | 'gifted' | 'lifetime' | 'trialActive' | 'usedAppTrial' | 'usedClassesTrial'
    >();
    expectTypeOf<keyof CustomerFacts>().toEqualTypeOf<CustomerFact>();
  });
});
