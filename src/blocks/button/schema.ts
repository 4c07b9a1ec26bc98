import { z } from 'zod';
import { actionList } from '../../language/schema/actions.ts';
import { copyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/** A button that runs actions (to lead somewhere, use `do: go`, or the link block). */
export const buttonBlock = strictObject({
  type: z.literal('button'),
  ...blockBase,
  label: copyKey.describe('The text on the button.'),
  actions: actionList.describe('What a click does, in order.'),
  style: z.enum(['primary', 'secondary']).optional().describe('primary (the default) or secondary.'),
}).describe('A button that runs actions; to lead somewhere, use a link block or do: go.');
