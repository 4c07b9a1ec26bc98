import { z } from 'zod';
import { paymentMessageNames } from '../../adapters/payment/messages.ts';
import { actionList } from '../../config/schema/actions.ts';
import { type CopyGroupTexts, copyGroup, copyKey, filledCopyKey, milliseconds } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { value } from '../../config/schema/values.ts';
import { blockBase } from '../common.ts';
import { offerSummaryNames } from './offers.ts';

/**
 * The texts a payment form reads from its copy group (`copy: payment:checkout` →
 * `payment:checkout.submit`...): labels, the processing popup, and the messages of spec §8
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
  card: milliseconds.optional(),
  paypal: milliseconds.optional(),
  applePay: milliseconds.optional(),
  googlePay: milliseconds.optional(),
});

/**
 * A payment form (spec §2.7, §2.9, §2.11, §2.8 "Edit on payment"): card fields of the payment
 * adapter the server names (sandbox or braintree-web), the wallets, the offer being bought, and
 * what paying does (`onPay:`, the call with `then:` / `catch:`). Its code and the adapter's load
 * only on screens that have one.
 */
export const paymentFormBlock = strictObject({
  type: z.literal('paymentForm'),
  ...blockBase,
  /** The texts of the form (labels and provider messages), a group like payment:checkout. */
  copy: copyGroup(paymentFormCopyTexts, 'a payment copy group like payment:checkout'),
  /**
   * `checkout` (spec §2.7): tabs 'Pay by Credit Card' / 'Other Payment Options' and a
   * processing popup; `classes` (§2.9, §2.11): the card form under its label, the wallets
   * below, the button disabled with a spinner while processing.
   */
  style: z.enum(['checkout', 'classes']).optional(),
  /** The card fields in the order shown (spec §2.7: number, expiration, postal code, security code, name). */
  fields: z
    .array(z.enum(['number', 'expirationDate', 'postalCode', 'cvv', 'cardholderName']))
    .min(3)
    .optional(),
  /** MM/YYYY on the app checkout, MM/YY in the class funnels. */
  expirationFormat: z.enum(['MM/YYYY', 'MM/YY']),
  /** Other ways to pay offered, when the adapter can run them here. */
  wallets: z.array(wallet).optional(),
  /** The offer being bought: the first of these values that is set — an offer, or an offer id looked up in `offers`. */
  offer: z.union([value, z.array(value).min(1)]).optional(),
  /** Where an offer id is looked up: the web offers (GetWebOffers), the class offers or the class add-ons. */
  offers: z.enum(['webOffers', 'classOffers', 'classAddOns']).optional(),
  /** Paying needs an offer ('Please select a plan before proceeding'); false on the account page's card update. */
  offerRequired: z.boolean().optional(),
  /** Run once the offer is known, with `payment.offer` (analytics, remembering the choice). */
  onOffer: actionList.optional(),
  /** Run with the payment (`{ payment: nonce }`...): the call and what follows. */
  onPay: actionList,
  /** A line about what is bought, with {title}, {price}, {trialDays}, {promoDays} (add-ons) and {todayPrice} of the offer. */
  summary: filledCopyKey(offerSummaryNames).optional(),
  /** The same line for an offer with a free trial ('{price} charged after {trialDays}-day free trial'). */
  summaryTrial: filledCopyKey(offerSummaryNames).optional(),
  /**
   * The amount charged today, under the summary ("Today's charge ${todayPrice}"), with the same
   * params: computed from the offer (src/domain/todayCharge.ts) — 0.00 during a free trial, an
   * add-on's first charge, else the full price.
   */
  todayCharge: filledCopyKey(offerSummaryNames).optional(),
  /** When set, the form stays folded behind a button with this label (the account page's 'Edit'). */
  editLabel: copyKey.optional(),
  /** How long a provider's message stays (spec §9: payment errors 8000 ms). */
  errorMs: milliseconds.optional(),
  /** How long a loading failure's message stays, per part (the add-class funnel: card 3000, PayPal 5000). */
  loadErrorMs: loadErrorMs.optional(),
});
