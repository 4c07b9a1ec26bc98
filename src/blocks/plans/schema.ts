import { z } from 'zod';
import { copyKey, filledCopyKey } from '../../language/schema/common.ts';
import { condition } from '../../language/schema/conditions.ts';
import { refersTo } from '../../language/schema/roles.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { blockBase } from '../common.ts';

const durations = ['monthly', 'quarterly', '6Month', 'annual', '24Month', 'lifetime'] as const;

/**
 * The plan selector: one card per plan of the catalog's list
 * (GetDefaultPlans, with the plan tag), a choice of one with a call to action, or a
 * 'Choose Plan' button per card. Choosing remembers the plan (cookie `selected_plan`, client
 * state) and sends the `plan_selected` event; the next page gets `?selected_plan=<offer id>`.
 */
export const plansBlock = strictObject({
  type: z.literal('plans'),
  ...blockBase,
  label: copyKey.describe('Names the group of cards (shown as its title; screen readers announce it).'),
  next: target.describe("Where the call to action and the 'Choose Plan' buttons lead."),
  keepQuery: z.boolean().optional().describe("Carries the page's query string (UTM, activePlanTag...) to 'next:'."),
  cta: copyKey.describe('The call to action under the cards.'),
  chooseButtons: condition
    .optional()
    .describe("When this holds, each card has its own button ('choose:') straight to 'next:', and there is no call to action."),
  choose: copyKey.optional().describe("The label of each card's button, when 'chooseButtons:' holds."),
  saveBadge: filledCopyKey(['percent', 'amount'])
    .optional()
    .describe("The badge of annual and two-year cards, saving against the list's shortest plan: {percent}, {amount}."),
  selectedNote: filledCopyKey(['price', 'days'])
    .optional()
    .describe('The line under the selected plan: {price} (charged when the trial ends), {days}.'),
  prompt: filledCopyKey(['days']).optional().describe("The line above the cards: {days}, the selected plan's trial days."),
  tags: z
    .array(
      strictObject({
        when: condition.describe('When this list shows (a flag variant).'),
        tag: refersTo(
          'planTag',
          z.string().regex(/^[A-Za-z0-9_-]+$/, 'A tag uses letters, digits, dashes and underscores only, like 30daytrial.'),
        ).describe('The catalog tag of the offers listed.'),
      }),
    )
    .optional()
    .describe('Other plan lists for flag variants: the first whose when: holds.'),
  orders: z
    .array(
      strictObject({
        when: condition.describe('When this order applies (a flag variant).'),
        durations: z.array(z.enum(durations)).min(1).describe('The durations in the order shown.'),
      }),
    )
    .optional()
    .describe('Orders of the cards set by experiments: the first whose when: holds; else monthly then annual (annual first on phones).'),
})
  .superRefine((v, ctx) => {
    if (v.chooseButtons !== undefined && v.choose === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['choose'],
        message: "With 'chooseButtons:' the block needs 'choose:', the copy key of each card's button (like plans:choosePlan).",
      });
  })
  .describe("The plan selector: one card per plan of the catalog's list, a choice of one and a call to action.");
