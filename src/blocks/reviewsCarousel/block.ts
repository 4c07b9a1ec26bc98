import { defineBlock } from '../defineBlock.ts';
import { reviewsCarouselBlock } from './schema.ts';

export default defineBlock({
  type: 'reviewsCarousel',
  schema: reviewsCarouselBlock,
  component: './ReviewsCarousel.tsx',
});
