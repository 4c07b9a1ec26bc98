import { z } from 'zod';
import { copyKey, filledCopyKey, milliseconds } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * Parents' reviews, one at a time, moving on every `autoplayMs` (spec §2.10: 2000 ms) with a
 * pause button (WCAG 2.2.2), previous and next; it also stops while hovered or focused.
 */
export const reviewsCarouselBlock = strictObject({
  type: z.literal('reviewsCarousel'),
  ...blockBase,
  title: copyKey,
  items: z.array(strictObject({ quote: copyKey, author: copyKey })).min(1),
  autoplayMs: milliseconds.min(1000).optional(),
  /** Labels of the controls: pause, play, previous, next, and 'Review {n} of {count}'. */
  controls: strictObject({ pause: copyKey, play: copyKey, previous: copyKey, next: copyKey, position: filledCopyKey(['n', 'count']) }),
});
