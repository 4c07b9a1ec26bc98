import { z } from 'zod';
import { copyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * A table of value props against plans (the premium-vs-standard variant): one
 * column per plan (`plans`: copy keys of their names), one row per value prop with a mark
 * per plan, included (true) or not included (false).
 */
export const planComparisonBlock = strictObject({
  type: z.literal('planComparison'),
  ...blockBase,
  title: copyKey.describe("The table's title."),
  plans: z.array(copyKey).min(2).describe("The plans' names, one column each."),
  rows: z
    .array(
      strictObject({
        text: copyKey.describe('What the plans are compared on.'),
        included: z.array(z.boolean()).min(1).describe("One mark per plan, in the order of 'plans:': true (included) or false."),
      }),
    )
    .min(1)
    .describe('One row per value prop.'),
})
  .superRefine((v, ctx) => {
    v.rows.forEach((row, i) => {
      if (row.included.length !== v.plans.length)
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'included'],
          message: `Expected one mark per plan: ${v.plans.length} (true or false), in the order of 'plans:'.`,
        });
    });
  })
  .describe('A table of value props against plans: one column per plan, a mark per row for what each includes.');
