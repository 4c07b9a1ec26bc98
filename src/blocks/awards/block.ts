import { defineBlock } from '../defineBlock.ts';
import { awardsBlock } from './schema.ts';

export default defineBlock({
  type: 'awards',
  schema: awardsBlock,
  component: './Awards.tsx',
});
