import { defineBlock } from '../defineBlock.ts';
import { stepsBlock } from './schema.ts';

export default defineBlock({
  type: 'steps',
  schema: stepsBlock,
  component: './Steps.tsx',
  eager: true,
});
