import { defineBlock } from '../defineBlock.ts';
import { classOffersBlock } from './schema.ts';

export default defineBlock({
  type: 'classOffers',
  schema: classOffersBlock,
  component: './ClassOffers.tsx',
});
