import type { z } from 'zod';
import { taggedUnion } from '../config/schema/strict.ts';
import { headingBlock } from './heading/schema.ts';
import { textBlock } from './text/schema.ts';
import { listBlock } from './list/schema.ts';
import { buttonBlock } from './button/schema.ts';
import { linkBlock } from './link/schema.ts';
import { formBlock } from './form/schema.ts';
import { noticeBlock } from './notice/schema.ts';
import { faqBlock } from './faq/schema.ts';
import { stepsBlock } from './steps/schema.ts';
import { paymentFormBlock } from './paymentForm/schema.ts';
import { paymentMethodBlock } from './paymentMethod/schema.ts';
import { plansBlock } from './plans/schema.ts';
import { planComparisonBlock } from './planComparison/schema.ts';

/**
 * The block registry, build side: `type:` → props schema. Adding a block is one folder
 * (schema.ts + its component), one line here and one in ./components.ts.
 */
export const blockSchemas = {
  heading: headingBlock,
  text: textBlock,
  list: listBlock,
  button: buttonBlock,
  link: linkBlock,
  form: formBlock,
  notice: noticeBlock,
  faq: faqBlock,
  steps: stepsBlock,
  paymentForm: paymentFormBlock,
  paymentMethod: paymentMethodBlock,
  plans: plansBlock,
  planComparison: planComparisonBlock,
};

export type BlockType = keyof typeof blockSchemas;
export type Block = { [K in BlockType]: z.infer<(typeof blockSchemas)[K]> }[BlockType];
export const block = taggedUnion('type', blockSchemas, 'block') as z.ZodType<Block>;
export const blockTypes = Object.keys(blockSchemas) as BlockType[];
