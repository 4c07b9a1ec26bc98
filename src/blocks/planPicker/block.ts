import { defineBlock } from '../defineBlock.ts';
import { planCopyTexts } from '../plans/copyKeys.ts';
import { planPickerBlock } from './schema.ts';

export default defineBlock({
  type: 'planPicker',
  schema: planPickerBlock,
  component: './PlanPicker.tsx',
  preload: true,
  texts: planCopyTexts,
});
