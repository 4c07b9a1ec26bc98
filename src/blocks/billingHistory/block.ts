import { defineBlock } from '../defineBlock.ts';
import { planCopyTexts } from '../plans/copyKeys.ts';
import { billingHistoryBlock } from './schema.ts';

export default defineBlock({
  type: 'billingHistory',
  schema: billingHistoryBlock,
  component: './BillingHistory.tsx',
  texts: planCopyTexts,
});
