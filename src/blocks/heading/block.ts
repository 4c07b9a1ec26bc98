import { defineBlock } from '../defineBlock.ts';
import { headingBlock } from './schema.ts';

export default defineBlock({
  type: 'heading',
  schema: headingBlock,
  component: './Heading.tsx',
  eager: true,
});
