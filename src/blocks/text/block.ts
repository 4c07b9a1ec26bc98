import { defineBlock } from '../defineBlock.ts';
import { textBlock } from './schema.ts';

export default defineBlock({
  type: 'text',
  schema: textBlock,
  component: './Text.tsx',
  eager: true,
});
