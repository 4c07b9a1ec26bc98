import { z } from 'zod';
import { copyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

export const faqBlock = strictObject({
  type: z.literal('faq'),
  ...blockBase,
  title: copyKey.optional(),
  items: z.array(strictObject({ question: copyKey, answer: copyKey })).min(1),
});
