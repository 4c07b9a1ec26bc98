import { defineBlock } from '../defineBlock.ts';
import { paymentMethodBlock } from './schema.ts';

export default defineBlock({
  type: 'paymentMethod',
  schema: paymentMethodBlock,
  component: './PaymentMethod.tsx',
});
