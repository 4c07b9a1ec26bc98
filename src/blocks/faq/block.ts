import { defineBlock } from '../defineBlock.ts';
import { faqBlock } from './schema.ts';

export default defineBlock({
  type: 'faq',
  schema: faqBlock,
  component: './Faq.tsx',
  eager: true,
});
