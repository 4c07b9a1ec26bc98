import { z } from 'zod';
import { paramsCopyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { valueMap } from '../../language/schema/values.ts';
import { blockBase } from '../common.ts';

/** A boxed message in the page (not a timed notification): info, warning or error. */
export const noticeBlock = strictObject({
  type: z.literal('notice'),
  ...blockBase,
  text: paramsCopyKey().describe("The message; a <link>...</link> span in it leads to 'link:'."),
  params: valueMap.optional().describe("Values for the text's {placeholders}."),
  link: target.optional().describe('Where the <link>...</link> span of the text leads.'),
  level: z.enum(['info', 'warning', 'error', 'success']).optional().describe('info (the default), warning, error or success.'),
}).describe('A boxed message in the page (not a timed notification).');
