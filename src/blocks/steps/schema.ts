import { z } from 'zod';
import { copyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

/** Numbered steps with a title and a text each (thank-you pages: download, sign in, play). */
export const stepsBlock = strictObject({
  type: z.literal('steps'),
  ...blockBase,
  title: copyKey.optional(),
  items: z.array(strictObject({ title: copyKey, text: copyKey.optional() })).min(1),
});
