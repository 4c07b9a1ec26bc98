import { z } from 'zod';
import { filledCopyKey } from '../../config/schema/common.ts';
import { condition } from '../../config/schema/conditions.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * The register header (spec §2.6): 'Sign up for your FREE {n} {interval} trial of the product!'
 * with the trial of the plan being bought (as the planPicker block finds it), or the shorter
 * label variant when `shortWhen` holds. A level-1 heading.
 */
export const trialHeadingBlock = strictObject({
  type: z.literal('trialHeading'),
  ...blockBase,
  /** The heading: {n} and {interval} of the plan's trial, {title} of the plan. */
  text: filledCopyKey(['n', 'interval', 'title']),
  /** The shorter label variant ({n}, {interval}, {title}), shown when `shortWhen` holds. */
  short: filledCopyKey(['n', 'interval', 'title']).optional(),
  shortWhen: condition.optional(),
  /** Without a trial (a lifetime plan): this heading instead ({title}). */
  noTrial: filledCopyKey(['title']).optional(),
  /** A fixed plan list (catalog tag), for a partner's pages; default: the current plan tag. */
  tag: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'A tag uses letters, digits, dashes and underscores only, like gympass.')
    .optional(),
}).superRefine((v, ctx) => {
  if ((v.short === undefined) !== (v.shortWhen === undefined))
    ctx.addIssue({
      code: 'custom',
      path: [v.short === undefined ? 'short' : 'shortWhen'],
      message: "'short:' and 'shortWhen:' go together: the shorter heading and when it shows.",
    });
});
