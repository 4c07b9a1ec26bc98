import { z } from 'zod';
import { paymentMessageNames } from '../../adapters/payment/messages.ts';
import { actionList } from '../../language/schema/actions.ts';
import { type CopyGroupTexts, copyGroup, copyKey, filledCopyKey, milliseconds } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { value } from '../../language/schema/values.ts';
import { blockBase } from '../common.ts';
import { offerSummaryNames } from './offerSummaryNames.ts';

/**
 * The texts a payment form reads from its copy group (`copy: payment:checkout` →
 * `payment:checkout.submit`...): labels, the processing popup, and the messages
 * "Payment provider" (adapters/payment/messages.ts), which each funnel words its own way.
 * `npm run check` wants every one in the group named.
 */
export const paymentFormCopyTexts: CopyGroupTexts = {
  cardTab: [],
  otherTab: [],
  cardNumber: [],
  expiration: [],
  formatLong: [],
  formatShort: [],
  postalCode: [],
  securityCode: [],
  cvvHelpButton: [],
  cvvHelp: [],
  nameOnCard: [],
  submit: [],
  processing: [],
  processingTitle: [],
  secure: [],
  paypal: [],
  applePay: [],
  googlePay: [],
  'sandbox.paypalTitle': [],
  'sandbox.paypalText': [],
  'sandbox.googlePayTitle': [],
  'sandbox.applePayTitle': [],
  'sandbox.total': ['label', 'amount'],
  'sandbox.approve': [],
  'sandbox.closeWindow': [],
  'sandbox.pay': [],
  'sandbox.fail': [],
  'sandbox.cancel': [],
  ...Object.fromEntries(paymentMessageNames.map((name) => [name, []])),
};

const wallet = z.enum(['paypal', 'applePay', 'googlePay']);
const loadErrorMs = strictObject({
  card: milliseconds.optional().describe('For the card fields.'),
  paypal: milliseconds.optional().describe('For PayPal.'),
  applePay: milliseconds.optional().describe('For Apple Pay.'),
  googlePay: milliseconds.optional().describe('For Google Pay.'),
});

/**
 * A payment form: card fields of the payment
 * adapter the server names (sandbox or braintree-web), the wallets, the offer being bought, and
 * what paying does (`onPay:`, the call with `then:` / `catch:`). Its code and the adapter's load
 * only on screens that have one.
 */
export const paymentFormBlock = strictObject({
  type: z.literal('paymentForm'),
  ...blockBase,
  copy: copyGroup(paymentFormCopyTexts, 'a payment copy group like payment:checkout').describe(
    "The form's texts, a copy group like payment:checkout: its labels and the payment provider's messages.",
  ),
  style: z
    .enum(['checkout', 'classes'])
    .optional()
    .describe(
      "checkout: tabs 'Pay by Credit Card' / 'Other Payment Options' and a processing popup; " +
        'classes: the card form, the wallets below, the button spinning while it pays.',
    ),
  fields: z
    .array(z.enum(['number', 'expirationDate', 'postalCode', 'cvv', 'cardholderName']))
    .min(3)
    .optional()
    .describe('The card fields in the order shown.'),
  expirationFormat: z.enum(['MM/YYYY', 'MM/YY']).describe('How the expiration date is typed: MM/YYYY (app checkout) or MM/YY (classes).'),
  wallets: z.array(wallet).optional().describe('Other ways to pay offered, where the browser can use them: paypal, applePay, googlePay.'),
  offer: z
    .union([value, z.array(value).min(1)])
    .optional()
    .describe("The offer being bought: the first of these values that is set, an offer or an offer id looked up in 'offers:'."),
  offers: z
    .enum(['webOffers', 'classOffers', 'classAddOns'])
    .optional()
    .describe('Where an offer id is looked up: the web offers, the class offers or the class add-ons.'),
  quantity: value
    .optional()
    .describe(
      'How many of the offer are bought (a volume order: { query: seats }); one when not given. ' +
        "Today's charge is that many times the price.",
    ),
  offerRequired: z.boolean().optional().describe("Paying needs an offer ('Please select a plan'); false to update the card on file only."),
  onOffer: actionList.optional().describe('What is done once the offer is known, with payment.offer (analytics, remembering the choice).'),
  onPay: actionList.describe('What paying does, with { payment: nonce } and the other payment values: the call and what follows.'),
  summary: filledCopyKey(offerSummaryNames)
    .optional()
    .describe('A line about what is bought: {title}, {price}, {trialDays}, {promoDays} and {todayPrice} of the offer.'),
  summaryTrial: filledCopyKey(offerSummaryNames)
    .optional()
    .describe("The same line for an offer with a free trial ('{price} charged after {trialDays}-day free trial')."),
  todayCharge: filledCopyKey(offerSummaryNames)
    .optional()
    .describe(
      "What is charged today, under the summary ('Today's charge {todayPrice}'): 0.00 during a free trial, the full price " +
        "for a parent who had the product's trial, times the quantity. The charge call's expectedTodayCharge: { payment: todayCharge }.",
    ),
  editLabel: copyKey.optional().describe("Keeps the form folded behind a button with this label (the account page's 'Edit')."),
  errorMs: milliseconds.optional().describe("How long a payment provider's message stays, in milliseconds (8000)."),
  loadErrorMs: loadErrorMs.optional().describe('How long the message of a part that failed to load stays, in milliseconds, per part.'),
}).describe('A payment form: card fields, wallets (PayPal, Apple Pay, Google Pay), the offer being bought and what paying does.');
