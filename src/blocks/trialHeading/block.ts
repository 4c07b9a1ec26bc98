import { defineBlock } from '../defineBlock.ts';
import { planCopyTexts } from '../plans/copyKeys.ts';
import { trialHeadingBlock } from './schema.ts';

export default defineBlock({
  type: 'trialHeading',
  schema: trialHeadingBlock,
  component: './TrialHeading.tsx',
  preload: true,
  texts: planCopyTexts,
});
