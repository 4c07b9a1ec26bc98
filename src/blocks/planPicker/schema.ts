import { z } from 'zod';
import { copyKey, filledCopyKey } from '../../language/schema/common.ts';
import { refersTo } from '../../language/schema/roles.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * The plan dropdown of /signup-payment: every plan of the list (GetDefaultPlans
 * with the plan tag, or a partner's `tag`), the plan chosen before selected; a savings blurb
 * for the selected plan and an upsell to the best-value plan. The choice is kept as the plan
 * selector keeps it (`selected_plan` cookie, client state `initialSelectedOfferId`), so a
 * `paymentForm` reading `{ state: initialSelectedOfferId }` sells the plan shown.
 */
export const planPickerBlock = strictObject({
  type: z.literal('planPicker'),
  ...blockBase,
  label: copyKey.describe("The dropdown's label ('Your plan')."),
  tag: refersTo('planTag', z.string().regex(/^[A-Za-z0-9_-]+$/, 'A tag uses letters, digits, dashes and underscores only, like gympass.'))
    .optional()
    .describe("A fixed plan list (a catalog tag), for a partner's pages; without it, the current plan tag's list."),
  selectedNote: filledCopyKey(['price', 'days'])
    .optional()
    .describe("Under the dropdown: '{price} charged after {days}-day free trial. Cancel anytime.'"),
  savings: filledCopyKey(['title', 'amount', 'percent', 'comparison'])
    .optional()
    .describe("The selected plan's savings against the list's shortest plan: {title}, {amount}, {percent}, {comparison}."),
  upsell: filledCopyKey(['title', 'percent', 'perMonth'])
    .optional()
    .describe('The upsell line when a plan of the list costs less per month: {title}, {percent}, {perMonth}.'),
  upsellButton: filledCopyKey(['title']).optional().describe("The upsell's button: {title}."),
})
  .superRefine((v, ctx) => {
    if ((v.upsell === undefined) !== (v.upsellButton === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [v.upsell === undefined ? 'upsell' : 'upsellButton'],
        message: "'upsell:' and 'upsellButton:' go together: the line and its button's label.",
      });
  })
  .describe('The plan dropdown of the payment page, with the savings of the selected plan and an upsell to the best value.');
