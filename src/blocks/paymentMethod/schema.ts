import { z } from 'zod';
import { type CopyGroupTexts, copyGroup } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/** The texts a payment-method line reads from its copy group (`copy: payment:method`). */
export const paymentMethodCopyTexts: CopyGroupTexts = {
  label: [],
  card: ['cardType', 'lastFour'],
  expires: ['date'],
  paypal: [],
  applePay: [],
  googlePay: [],
  none: [],
};

/**
 * The parent's payment method on file (PayPal, or card type plus
 * last four digits, with its expiration date), from GetCustomerDetails.
 */
export const paymentMethodBlock = strictObject({
  type: z.literal('paymentMethod'),
  ...blockBase,
  copy: copyGroup(paymentMethodCopyTexts, 'a copy group like payment:method').describe(
    "The line's texts, a copy group like payment:method ('Visa ending in 1111', 'Expires {date}'...).",
  ),
}).describe("The parent's payment method on file: PayPal, or the card type and last four digits, with the expiry date.");
