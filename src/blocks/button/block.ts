import { defineBlock } from '../defineBlock.ts';
import { buttonBlock } from './schema.ts';

export default defineBlock({
  type: 'button',
  schema: buttonBlock,
  component: './Button.tsx',
  eager: true,
});
