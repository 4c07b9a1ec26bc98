import { defineBlock } from '../defineBlock.ts';
import { planCopyTexts } from './copyKeys.ts';
import { plansBlock } from './schema.ts';

export default defineBlock({
  type: 'plans',
  schema: plansBlock,
  component: './Plans.tsx',
  preload: true,
  texts: planCopyTexts,
});
