import { defineBlock } from '../defineBlock.ts';
import { planCopyTexts } from '../plans/copyKeys.ts';
import { paymentFormBlock } from './schema.ts';
import { paymentNotices, paymentValues } from './scope.ts';

// The payment adapter loads after it, in a chunk of its own.
export default defineBlock({
  type: 'paymentForm',
  schema: paymentFormBlock,
  component: './PaymentForm.tsx',
  preload: true,
  texts: planCopyTexts,
  scopedValues: paymentValues,
  notices: paymentNotices,
});
