import { z } from 'zod';
import { copyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

export const faqBlock = strictObject({
  type: z.literal('faq'),
  ...blockBase,
  title: copyKey.optional().describe("The section's title."),
  items: z
    .array(strictObject({ question: copyKey.describe('The question.'), answer: copyKey.describe('Its answer.') }))
    .min(1)
    .describe('The questions, each opening on its answer.'),
}).describe('Questions and answers, each answer opening under its question.');
