import { z } from 'zod';
import { copyKey, filledCopyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { blockBase } from '../common.ts';

const price = filledCopyKey(['price', 'months']);
const priceFor = (duration: string) => price.describe(`The price line of ${duration} offers: {price} and {months}.`);

/**
 * The class offers of GetMinervaOffers (STEP 1 of the live-class funnel): live classes, then on-demand
 * classes by duration, each with its price and trial; choosing one keeps its id in client
 * state (`minervaSelectedClassId`) and goes to `next`.
 */
export const classOffersBlock = strictObject({
  type: z.literal('classOffers'),
  ...blockBase,
  label: copyKey.describe('Names the group of offers (screen readers announce it).'),
  live: copyKey.describe('The heading over the live classes.'),
  onDemand: copyKey.describe('The heading over the on-demand classes.'),
  price: strictObject({
    monthly: priceFor('monthly'),
    quarterly: priceFor('quarterly'),
    '6Month': priceFor('6-month'),
    annual: priceFor('annual'),
  }).describe("Price lines by duration, like '{price}/month' or '{price} every 3 months'."),
  trial: filledCopyKey(['days']).describe("The trial line: '{days}-day free trial'."),
  choose: filledCopyKey(['title']).describe("The button of each offer: 'Choose {title}'."),
  next: target.describe('Where choosing an offer leads.'),
}).describe('The class offers, live then on-demand, each with its price and trial; choosing one goes to next.');
