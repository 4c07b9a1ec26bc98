import { z } from 'zod';
import { filledCopyKey } from '../../language/schema/common.ts';
import { condition } from '../../language/schema/conditions.ts';
import { refersTo } from '../../language/schema/roles.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * The register header: 'Sign up for your FREE {n} {interval} trial of the product!'
 * with the trial of the plan being bought (as the planPicker block finds it), or the shorter
 * label variant when `shortWhen` holds. A level-1 heading.
 */
export const trialHeadingBlock = strictObject({
  type: z.literal('trialHeading'),
  ...blockBase,
  text: filledCopyKey(['n', 'interval', 'title']).describe("The heading: {n} and {interval} of the plan's trial, {title} of the plan."),
  short: filledCopyKey(['n', 'interval', 'title'])
    .optional()
    .describe("The shorter heading ({n}, {interval}, {title}), shown when 'shortWhen:' holds."),
  shortWhen: condition.optional().describe('When the shorter heading shows (a flag variant).'),
  noTrial: filledCopyKey(['title']).optional().describe('The heading for a plan without a trial (a lifetime plan): {title}.'),
  tag: refersTo('planTag', z.string().regex(/^[A-Za-z0-9_-]+$/, 'A tag uses letters, digits, dashes and underscores only, like gympass.'))
    .optional()
    .describe("A fixed plan list (a catalog tag), for a partner's pages; without it, the current plan tag's list."),
})
  .superRefine((v, ctx) => {
    if ((v.short === undefined) !== (v.shortWhen === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [v.short === undefined ? 'short' : 'shortWhen'],
        message: "'short:' and 'shortWhen:' go together: the shorter heading and when it shows.",
      });
  })
  .describe("The register header with the trial of the plan being bought: 'Sign up for your FREE {n} {interval} trial!'");
