import { z } from 'zod';
import { paramsCopyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { valueMap } from '../../language/schema/values.ts';
import { blockBase } from '../common.ts';

export const headingBlock = strictObject({
  type: z.literal('heading'),
  ...blockBase,
  text: paramsCopyKey().describe("The heading's text."),
  params: valueMap.optional().describe("Values for the text's {placeholders}."),
  level: z
    .union([z.literal(1), z.literal(2), z.literal(3)])
    .optional()
    .describe('1 (the default) is the page title, one per screen; 2 and 3 are section headings.'),
}).describe('A heading: the page title (level 1) or a section heading.');
