import { z } from 'zod';
import { copyKey, filledCopyKey } from '../../config/schema/common.ts';
import { condition } from '../../config/schema/conditions.ts';
import { refersTo } from '../../config/schema/roles.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { target } from '../../config/schema/targets.ts';
import { blockBase } from '../common.ts';

const durations = ['monthly', 'quarterly', '6Month', 'annual', '24Month', 'lifetime'] as const;

/**
 * The plan selector (spec §2.2–§2.4, §4): one card per plan of the catalog's list
 * (GetDefaultPlans, with the plan tag), a choice of one with a call to action, or a
 * 'Choose Plan' button per card. Choosing remembers the plan (cookie `selected_plan`, client
 * state) and sends the `plan_selected` event; the next page gets `?selected_plan=<offer id>`.
 */
export const plansBlock = strictObject({
  type: z.literal('plans'),
  ...blockBase,
  /** Names the group of cards (shown as its title; screen readers announce it). */
  label: copyKey,
  /** Where the call to action and the 'Choose Plan' buttons lead. */
  next: target,
  /** Carry the current query string (UTM, activePlanTag...) to `next`. */
  keepQuery: z.boolean().optional(),
  /** The call to action under the cards. */
  cta: copyKey,
  /** When this holds, each card has its own button (`choose`) straight to `next`, and there is no call to action. */
  chooseButtons: condition.optional(),
  /** The label of each card's button, when `chooseButtons` holds. */
  choose: copyKey.optional(),
  /** Badge of annual and two-year cards saving against the list's shortest plan: {percent}, {amount}. */
  saveBadge: filledCopyKey(['percent', 'amount']).optional(),
  /** Line under the selected plan: {price} (charged when the trial ends), {days}. */
  selectedNote: filledCopyKey(['price', 'days']).optional(),
  /** Line above the cards: {days}, the selected plan's trial days. */
  prompt: filledCopyKey(['days']).optional(),
  /** Flag variants that show another plan list (spec §4 "Plan tag"): the first whose `when` holds. */
  tags: z
    .array(
      strictObject({
        when: condition,
        tag: refersTo(
          'planTag',
          z.string().regex(/^[A-Za-z0-9_-]+$/, 'A tag uses letters, digits, dashes and underscores only, like 30daytrial.'),
        ),
      }),
    )
    .optional(),
  /** Display orders set by experiments (by duration); the first whose `when` holds. Else monthly then annual, annual first on phones. */
  orders: z.array(strictObject({ when: condition, durations: z.array(z.enum(durations)).min(1) })).optional(),
}).superRefine((v, ctx) => {
  if (v.chooseButtons !== undefined && v.choose === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['choose'],
      message: "With 'chooseButtons:' the block needs 'choose:', the copy key of each card's button (like plans:choosePlan).",
    });
});
