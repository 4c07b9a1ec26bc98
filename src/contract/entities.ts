/**
 * The entities as they travel between browser and server. Money on the wire is in
 * US dollars with cents (19.99), as the backend's callers have always sent it; the database keeps integer
 * cents. Dates are ISO 8601 strings in UTC.
 */

import { z } from 'zod';
import { UTM_VALUE_MAX_LENGTH } from './limits.ts';

export const isoDate = z.string().datetime({ offset: true });
export const money = z.number().nonnegative().multipleOf(0.01);
/**
 * What the screen showed as charged today, in dollars ("Today's charge $9.99" → 9.99): every
 * charging call takes it, and the server refuses to charge any other amount today.
 */
export const expectedTodayCharge = money.max(1_000_000);
export const email = z.string().trim().min(3).max(254).email();
export const password = z.string().min(6).max(32);
export const id = z.string().min(1).max(64);

export const subscriptionDuration = z.enum(['monthly', 'quarterly', '6Month', 'annual', '24Month', 'lifetime']);
export const subscriptionType = z.enum(['recurring', 'volumeLicense', 'gift', 'other']);
export const trialInterval = z.enum(['day', 'week', 'month']);

/** A plan / web offer. */
export const webOffer = z.object({
  objectId: id,
  id,
  planId: z.string(),
  planDataKey: z.string(),
  subscriptionDuration,
  price: money,
  originalPrice: money.nullable(),
  trialDurationDays: z.number().int().min(0),
  subscriptionType,
  descriptionKey: z.string(),
  promoCode: z.string().nullable(),
  offerTitle: z.string().nullable(),
  offerSubtitle: z.string().nullable(),
  isActive: z.boolean(),
  isDefaultOffer: z.boolean(),
  /** -1 means lifetime. */
  giftMonths: z.number().int().nullable(),
  tags: z.array(z.string()),
  partner: z.string().nullable(),
  hasClasses: z.boolean(),
  trial: z.object({ quantity: z.number().int().min(0), interval: trialInterval, label: z.string() }),
  maxChildProfiles: z.number().int().min(1),
  parentPortalEnabled: z.boolean(),
  attributes: z.object({ subscriptionDuration }),
  plan: z.object({ planId: z.string(), name: z.string() }),
});
export type WebOffer = z.infer<typeof webOffer>;

/** A class offer of the live / on-demand class funnels (GetMinervaOffers). */
export const minervaOffer = webOffer.extend({ classType: z.enum(['live', 'onDemand']) });
export type MinervaOffer = z.infer<typeof minervaOffer>;

/** A class add-on for existing subscribers. */
export const classAddOn = z.object({
  id,
  planId: z.string(),
  name: z.string(),
  classesPerMonth: z.number().int().min(1),
  price: money,
  todayPrice: money,
  promoDays: z.number().int().min(0),
  status: z.enum(['active', 'inactive']),
});
export type ClassAddOn = z.infer<typeof classAddOn>;

export const paymentInfo = z.object({
  paymentType: z.enum(['PayPal', 'card', 'ApplePay', 'GooglePay']),
  cardType: z.string().nullable(),
  last4: z.string().nullable(),
  expirationDate: z.string().nullable(),
  subscriptions: z.array(z.object({ id, nextBillingDate: isoDate.nullable() })),
});

/** A payment method as a plan's panel names it (PayPal, or card type and last four, with its expiry). */
export const planPaymentMethod = paymentInfo.omit({ subscriptions: true });
export type PlanPaymentMethod = z.infer<typeof planPaymentMethod>;

export const activeSubscription = z.object({
  id,
  price: money,
  status: z.enum(['Active', 'Canceled', 'PastDue', 'Expired', 'Pending']),
  nextBillingDate: isoDate.nullable(),
  firstBillingDate: isoDate.nullable(),
  trialDuration: z.number().int().min(0),
});

export const store = z.enum(['WebStore', 'SamsClub', 'AppleAppStore', 'GooglePlay', 'Amazon', 'Other']);

/**
 * One plan of the parent that gives access now (the account page shows one panel per app plan
 * and per classes plan): what GetCustomerDetails says of the main plan, per plan.
 * A class add-on bought on /addclasses-payment is a classes plan with its `classAddOn`.
 */
export const planSubscription = z.object({
  id,
  product: z.enum(['app', 'classes']),
  offer: webOffer.nullable(),
  /** The add-on this classes plan is; null or absent for a plan of a web offer. */
  classAddOn: classAddOn.nullable().optional(),
  status: activeSubscription.shape.status,
  price: money,
  nextBillingDate: isoDate.nullable(),
  firstBillingDate: isoDate.nullable(),
  trialDuration: z.number().int().min(0),
  store: store.nullable(),
  termExpiresAt: isoDate.nullable(),
  compExpiresAt: isoDate.nullable(),
  giftExpiresAt: isoDate.nullable(),
  isLifetime: z.boolean(),
  isGifted: z.boolean(),
  /** A purchase the gateway bills again (what can be cancelled or upgraded in-page on the web store). */
  renews: z.boolean(),
  /**
   * The payment method that bills this plan, when it has one (an add-on may be paid with another
   * card than the app plan); null or absent: the card on file (`paymentInfo`) is shown.
   */
  paymentMethod: planPaymentMethod.nullable().optional(),
});
export type PlanSubscription = z.infer<typeof planSubscription>;

/** What GetCustomerDetails says of the parent: the main plan, every plan, the payment method. */
export const customerDetails = z.object({
  id,
  plan: webOffer.nullable(),
  classesPlan: minervaOffer.nullable(),
  planName: z.string().nullable(),
  planDescription: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  paymentInfo: paymentInfo.nullable(),
  customerData: z.object({ email }),
  pendingPlan: webOffer.nullable(),
  isExpired: z.boolean(),
  hasUsedTrial: z.boolean(),
  /** Which products the parent has had a free trial of: a trial is once per parent and product. */
  hasUsedTrialByProduct: z.object({ app: z.boolean(), classes: z.boolean() }).optional(),
  isGifted: z.boolean(),
  isLifetime: z.boolean(),
  isTrialActive: z.boolean(),
  partner: z.string().nullable(),
  store: store.nullable(),
  termExpiresAt: isoDate.nullable(),
  compExpiresAt: isoDate.nullable(),
  giftExpiresAt: isoDate.nullable(),
  activeSubscription: activeSubscription.nullable(),
  /** Every plan giving access now, app plans first (additive: the account page's plan panels). */
  planSubscriptions: z.array(planSubscription).optional(),
});
export type CustomerDetails = z.infer<typeof customerDetails>;

export const paymentRecord = z.object({
  id,
  date: isoDate,
  amount: money,
  status: z.enum(['settled', 'declined', 'failed', 'refunded', 'pending']),
  description: z.string(),
  paymentMethod: z.string().nullable(),
});

/** What a coupon, comp, gift or volume code turns out to be. */
export const codeLookup = z.object({
  code: z.string(),
  kind: z.enum(['coupon', 'comp', 'gift', 'volume', 'bulk']).nullable(),
  isCouponValid: z.boolean(),
  isCouponCodeUsed: z.boolean(),
  isCouponExpired: z.boolean(),
  isLifetimeComp: z.boolean(),
  isBulkPurchaseRedemption: z.boolean(),
  /** From the code's web offer. */
  planId: z.string().nullable(),
  /** -1 means lifetime. */
  compMonths: z.number().int().nullable(),
  compUntil: isoDate.nullable(),
  webOffer: webOffer.nullable(),
  campaign: z.object({ id, name: z.string(), organization: z.string().nullable() }).nullable(),
});

/** The browser sends null when the visit had no UTM parameters (its `{ utm: lastTouch }` value). */
export const utmParams = z.record(z.string(), z.string().max(UTM_VALUE_MAX_LENGTH)).nullish();
export const customerOptions = z.object({
  email: email.optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
});

/** The signup payload (also the live-class registration payload, a subset). */
export const signupPayload = z.object({
  username: email,
  password,
  // What the parent told us before signing up (client state `referralToSave`...); null when nothing was asked.
  referral: z.string().max(200).nullish(),
  age: z.string().max(50).nullish(),
  gender: z.string().max(50).nullish(),
  experience: z.string().max(100).nullish(),
  attributionSource: z.string().max(200).nullish(),
  confirmPromoEmails: z.boolean().optional(),
  promoCode: z.string().max(64).nullish(),
  utmParamsObject: utmParams,
  partner: z.string().max(64).optional(),
  minerva_lead: z.boolean().optional(),
  captchaToken: z.string().max(4096).optional(),
});

/** The purchase payload. */
export const purchasePayload = z.object({
  paymentMethodToken: z.string().min(1).max(4096),
  webOfferId: id,
  isResubscribe: z.boolean().optional(),
  hasClasses: z.boolean().optional(),
  customerOptions: customerOptions.optional(),
  userId: id.optional(),
  utmParamsObject: utmParams,
  captchaToken: z.string().max(4096).optional(),
  partner: z.string().max(64).optional(),
  couponCode: z.string().max(64).optional(),
  promoCode: z.string().max(64).optional(),
  expectedTodayCharge,
});

export const emailPreferences = z.object({ marketingMessageChannel: z.boolean(), parentNewsletterMessages: z.boolean() });
