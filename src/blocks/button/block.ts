import { defineBlock } from '../defineBlock.ts';
import { buttonBlock } from './schema.ts';

export default defineBlock({
  type: 'button',
  schema: buttonBlock,
  component: () => import('./Button.tsx'),
  eager: true,
});
