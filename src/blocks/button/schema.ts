import { z } from 'zod';
import { actionList } from '../../config/schema/actions.ts';
import { copyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

/** A button that runs actions (to lead somewhere, use `do: go`, or the link block). */
export const buttonBlock = strictObject({
  type: z.literal('button'),
  ...blockBase,
  label: copyKey,
  actions: actionList,
  style: z.enum(['primary', 'secondary']).optional(),
});
