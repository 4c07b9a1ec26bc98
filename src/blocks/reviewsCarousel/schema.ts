import { z } from 'zod';
import { copyKey, filledCopyKey, milliseconds } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * Parents' reviews, one at a time, moving on every `autoplayMs` (2000 ms) with a
 * pause button (WCAG 2.2.2), previous and next; it also stops while hovered or focused.
 */
export const reviewsCarouselBlock = strictObject({
  type: z.literal('reviewsCarousel'),
  ...blockBase,
  title: copyKey.describe("The section's title."),
  items: z
    .array(strictObject({ quote: copyKey.describe('The review.'), author: copyKey.describe('Who wrote it.') }))
    .min(1)
    .describe('The reviews, in order.'),
  autoplayMs: milliseconds.min(1000).optional().describe('How long each review shows, in milliseconds (2000).'),
  controls: strictObject({
    pause: copyKey.describe('The pause button.'),
    play: copyKey.describe('The play button.'),
    previous: copyKey.describe('The previous button.'),
    next: copyKey.describe('The next button.'),
    position: filledCopyKey(['n', 'count']).describe("'Review {n} of {count}'."),
  }).describe('The labels of the controls.'),
}).describe("Parents' reviews, one at a time, moving on by themselves, with pause, previous and next.");
