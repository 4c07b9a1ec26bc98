import { z } from 'zod';
import { actionList } from '../../config/schema/actions.ts';
import { type CopyGroupTexts, copyGroup, copyKey } from '../../config/schema/common.ts';
import { condition } from '../../config/schema/conditions.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { target } from '../../config/schema/targets.ts';
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
 * The retention step of a cancellation (/dont-go/1, spec §2.8, §4 "Cancellation"): why the
 * parent leaves (one of `reasons`), an offer where the config has one, then the final
 * confirmation. 'Yes, cancel my plan' runs `onConfirm` with `{ result: reason }` (the reason's
 * text); 'No, go back' goes to `back`.
 */
export const cancelPlanBlock = strictObject({
  type: z.literal('cancelPlan'),
  ...blockBase,
  copy: copyGroup(cancelPlanCopyTexts, 'a copy group like myAccount:dontGo'),
  /** The reasons offered (copy keys); the chosen one's text is the cancelReason. */
  reasons: z.array(copyKey).min(1),
  /** An offer shown before the final confirmation, where the config has one. */
  offer: strictObject({
    when: condition.optional(),
    title: copyKey,
    text: copyKey,
    label: copyKey,
    actions: actionList,
  }).optional(),
  onConfirm: actionList,
  back: target,
});
