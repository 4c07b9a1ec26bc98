import { defineBlock } from '../defineBlock.ts';
import { cancelPlanBlock } from './schema.ts';

export default defineBlock({
  type: 'cancelPlan',
  schema: cancelPlanBlock,
  component: './CancelPlan.tsx',
});
