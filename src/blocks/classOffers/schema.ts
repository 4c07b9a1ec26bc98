import { z } from 'zod';
import { copyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { target } from '../../config/schema/targets.ts';
import { blockBase } from '../common.ts';

/**
 * The class offers of GetMinervaOffers (spec §2.9 STEP 1, §9): live classes, then on-demand
 * classes by duration, each with its price and trial; choosing one keeps its id in client
 * state (`minervaSelectedClassId`) and goes to `next`.
 */
export const classOffersBlock = strictObject({
  type: z.literal('classOffers'),
  ...blockBase,
  /** Names the group of offers. */
  label: copyKey,
  /** Headings over the live and the on-demand offers. */
  live: copyKey,
  onDemand: copyKey,
  /** Price lines by duration: '${price}/month', '${price} every 3 months'...; {price} and {months}. */
  price: strictObject({ monthly: copyKey, quarterly: copyKey, '6Month': copyKey, annual: copyKey }),
  /** '{days}-day free trial'. */
  trial: copyKey,
  /** The button of each offer: 'Choose {title}'. */
  choose: copyKey,
  next: target,
});
