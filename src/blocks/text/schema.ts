import { z } from 'zod';
import { paramsCopyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { valueMap } from '../../language/schema/values.ts';
import { blockBase } from '../common.ts';

/**
 * A paragraph of copy. The copy may hold one `<link>...</link>` span, which becomes a link to
 * `link:` (for example 'Click <link>here</link> to log in.').
 */
export const textBlock = strictObject({
  type: z.literal('text'),
  ...blockBase,
  text: paramsCopyKey().describe("The paragraph; a <link>...</link> span in it leads to 'link:'."),
  params: valueMap.optional().describe("Values for the text's {placeholders}."),
  link: target.optional().describe('Where the <link>...</link> span of the text leads.'),
  style: z.enum(['body', 'lead', 'small', 'label']).optional().describe('body (the default), lead, small or label.'),
}).describe("A paragraph of copy; a <link>...</link> span in it leads to 'link:'.");
