import { defineBlock } from '../defineBlock.ts';
import { countdownBlock } from './schema.ts';

export default defineBlock({
  type: 'countdown',
  schema: countdownBlock,
  component: './Countdown.tsx',
  preload: true,
});
