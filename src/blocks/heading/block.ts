import { defineBlock } from '../defineBlock.ts';
import { headingBlock } from './schema.ts';

export default defineBlock({
  type: 'heading',
  schema: headingBlock,
  component: () => import('./Heading.tsx'),
  eager: true,
});
