import { z } from 'zod';
import { copyKey, filledCopyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { target } from '../../config/schema/targets.ts';
import { blockBase } from '../common.ts';

const price = filledCopyKey(['price', 'months']);

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
  price: strictObject({ monthly: price, quarterly: price, '6Month': price, annual: price }),
  /** '{days}-day free trial'. */
  trial: filledCopyKey(['days']),
  /** The button of each offer: 'Choose {title}'. */
  choose: filledCopyKey(['title']),
  next: target,
});
