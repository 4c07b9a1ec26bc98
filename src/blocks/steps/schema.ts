import { z } from 'zod';
import { copyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/** Numbered steps with a title and a text each (thank-you pages: download, sign in, play). */
export const stepsBlock = strictObject({
  type: z.literal('steps'),
  ...blockBase,
  title: copyKey.optional().describe("The section's title."),
  items: z
    .array(strictObject({ title: copyKey.describe("The step's title."), text: copyKey.optional().describe("The step's text.") }))
    .min(1)
    .describe('The steps, numbered in order.'),
}).describe('Numbered steps with a title and a text each (thank-you pages: download, sign in, play).');
