import { z } from 'zod';
import { actionList } from '../../language/schema/actions.ts';
import { type CopyGroupTexts, copyGroup, copyKey } from '../../language/schema/common.ts';
import { condition } from '../../language/schema/conditions.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { blockBase } from '../common.ts';

/** The texts of the retention step from its copy group (`copy: myAccount:dontGo`). */
export const cancelPlanCopyTexts: CopyGroupTexts = {
  reasonsLegend: [],
  reasonRequired: [],
  confirm: [],
  yesCancel: [],
  noGoBack: [],
  cancelling: [],
  noPlan: [],
};

/**
 * The retention step of a cancellation (/dont-go/1): why the parent leaves (one of `reasons`), an offer where
 * the config has one, then the final confirmation. 'Yes, cancel my plan' runs `onConfirm` with
 * `{ result: reason }` (the reason's text); 'No, go back' goes to `back`.
 */
export const cancelPlanBlock = strictObject({
  type: z.literal('cancelPlan'),
  ...blockBase,
  copy: copyGroup(cancelPlanCopyTexts, 'a copy group like myAccount:dontGo').describe(
    "The step's texts, a copy group like myAccount:dontGo (the reasons' legend, the buttons...).",
  ),
  reasons: z.array(copyKey).min(1).describe("The reasons offered; the chosen one's text is recorded as the reason for cancelling."),
  offer: strictObject({
    when: condition.optional().describe('Shows the offer only when this condition holds.'),
    title: copyKey.describe("The offer's title."),
    text: copyKey.describe("The offer's text."),
    label: copyKey.describe("The offer's button."),
    actions: actionList.describe("What the offer's button does."),
  })
    .optional()
    .describe('An offer made before the final confirmation.'),
  onConfirm: actionList.describe("What 'Yes, cancel my plan' does, with { result: reason }: the chosen reason's text."),
  back: target.describe("Where 'No, go back' leads."),
}).describe('The retention step of a cancellation: why the parent leaves, an offer, then the final confirmation.');
