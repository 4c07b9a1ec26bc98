import { defineBlock } from '../defineBlock.ts';
import { planCopyTexts } from '../plans/copyKeys.ts';
import { planComparisonBlock } from './schema.ts';

export default defineBlock({
  type: 'planComparison',
  schema: planComparisonBlock,
  component: './PlanComparison.tsx',
  preload: true,
  texts: planCopyTexts,
});
