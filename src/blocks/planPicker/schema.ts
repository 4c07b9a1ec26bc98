import { z } from 'zod';
import { copyKey, filledCopyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * The plan dropdown of /signup-payment (spec §2.6): every plan of the list (GetDefaultPlans
 * with the plan tag, or a partner's `tag`), the plan chosen before selected; a savings blurb
 * for the selected plan and an upsell to the best-value plan. The choice is kept as the plan
 * selector keeps it (`selected_plan` cookie, client state `initialSelectedOfferId`), so a
 * `paymentForm` reading `{ state: initialSelectedOfferId }` sells the plan shown.
 */
export const planPickerBlock = strictObject({
  type: z.literal('planPicker'),
  ...blockBase,
  /** The dropdown's label ('Your plan'). */
  label: copyKey,
  /** A fixed plan list (catalog tag), for a partner's pages; default: the current plan tag. */
  tag: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'A tag uses letters, digits, dashes and underscores only, like gympass.')
    .optional(),
  /** Under the dropdown: '{price} charged after {days}-day free trial. Cancel anytime.' */
  selectedNote: filledCopyKey(['price', 'days']).optional(),
  /** The savings blurb of the selected plan against the list's shortest: {title}, {amount}, {percent}, {comparison}. */
  savings: filledCopyKey(['title', 'amount', 'percent', 'comparison']).optional(),
  /** The upsell line when a plan of the list costs less per month: {title}, {percent}, {perMonth}. */
  upsell: filledCopyKey(['title', 'percent', 'perMonth']).optional(),
  /** The upsell's button: {title}. */
  upsellButton: filledCopyKey(['title']).optional(),
}).superRefine((v, ctx) => {
  if ((v.upsell === undefined) !== (v.upsellButton === undefined))
    ctx.addIssue({
      code: 'custom',
      path: [v.upsell === undefined ? 'upsell' : 'upsellButton'],
      message: "'upsell:' and 'upsellButton:' go together: the line and its button's label.",
    });
});
