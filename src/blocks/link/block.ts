import { defineBlock } from '../defineBlock.ts';
import { linkBlock } from './schema.ts';

export default defineBlock({
  type: 'link',
  schema: linkBlock,
  component: './Link.tsx',
  eager: true,
});
