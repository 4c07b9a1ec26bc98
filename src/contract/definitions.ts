/**
 * Every backend call: its input and output schemas, whether it needs a session,
 * which rate limit guards it and the message keys it may answer with. The browser client and
 * the server both take their types from here; neither restates a field.
 */
import { z } from 'zod';
import type { CallName } from './calls.ts';
import {
  classAddOn,
  codeLookup,
  customerDetails,
  customerOptions,
  email,
  emailPreferences,
  expectedTodayCharge,
  id,
  isoDate,
  minervaOffer,
  password,
  paymentRecord,
  purchasePayload,
  signupPayload,
  utmParams,
  webOffer,
} from './entities.ts';
import { freeFormObject } from './freeForm.ts';
import { MessageKey } from './messageKeys.ts';
import { withSafeText } from './safeText.ts';

export { MessageKey };

type MessageKeyValue = (typeof MessageKey)[keyof typeof MessageKey];

/**
 * Which shared counter limits a call (per account and per IP); `events` is `POST /api/events`'s, `operatorLogin` the /admin form's,
 * `operatorCredentials` the email and password every request to the operators' release endpoints carries.
 */
export type RateLimitName =
  | 'login'
  | 'reauthentication'
  | 'existence'
  | 'codeLookup'
  | 'passwordReset'
  | 'signup'
  | 'operatorLogin'
  | 'operatorCredentials'
  | 'tracking'
  | 'inquiry'
  | 'events';

export interface CallDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** 'session': answers INVALID_SESSION_TOKEN (209) without a valid session. */
  auth: 'none' | 'session';
  rateLimit?: RateLimitName;
  /** Charge-creating calls take an Idempotency-Key header. */
  idempotent?: boolean;
  /** The answer holds secrets (codes bought): the server keeps no copy with the Idempotency-Key. */
  answerHoldsSecrets?: boolean;
  messageKeys?: readonly MessageKeyValue[];
  /** The params that name the caller's own account (a session call acting on no one else's): see OwnerRule. */
  owner?: OwnerRule;
}

/**
 * Params that must name the caller: an id param (`userId`, `customerId`, `parseUserId`) the
 * parent's id, an email param (`email`, `oldEmail`) their email (any case, trimmed). A param left
 * out is not checked. Anything else answers 119 'You can only {action} your own account.' — checked
 * once, by the server's call router, before the handler, its rate limit or its Idempotency-Key.
 */
export interface OwnerRule {
  params: readonly ('userId' | 'customerId' | 'parseUserId' | 'email' | 'oldEmail')[];
  action: string;
}

/**
 * Keeps each call's `auth` literal, so the server's handler types know which calls have a
 * session; every input refuses control characters and lone surrogates in any string (./safeText.ts);
 * a call with a `rateLimit` lists RATE_LIMITED among its message keys.
 */
const define = <I extends z.ZodType, O extends z.ZodType, A extends CallDefinition['auth']>(
  definition: CallDefinition<I, O> & { auth: A },
) => ({
  ...definition,
  input: withSafeText(definition.input),
  // Any rate-limited call may answer RATE_LIMITED (HTTP 429), so the funnels can say so in the copy.
  ...(definition.rateLimit ? { messageKeys: [...new Set([...(definition.messageKeys ?? []), MessageKey.rateLimited])] } : {}),
});
const nothing = z.object({}).strict();
const ok = z.object({ success: z.literal(true) });
const status = z.object({ status: z.string().optional() });
const paymentKeys = [
  MessageKey.cardNotValid,
  MessageKey.paymentInvalid,
  MessageKey.cardVerificationFailed,
  MessageKey.paymentMethodDuplicate,
] as const;
/** The calls that charge (as opposed to UpdateCreditCard, which only takes a card) answer this too. */
const chargeKeys = [...paymentKeys, MessageKey.todayChargeChanged] as const;
const subscriptionCall = { auth: 'session', idempotent: true, messageKeys: [MessageKey.alreadyHaveSubscription, ...chargeKeys] } as const;
/** A count typed into a form arrives as text ("25"): numbers and digit strings are accepted. */
const formNumber = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]);
const codeCall = {
  auth: 'session',
  messageKeys: [MessageKey.codeAlreadyUsed, MessageKey.codeExpired, MessageKey.codeInvalid, MessageKey.subscriptionActive],
} as const;
const session = z.object({ sessionToken: z.string(), objectId: id, id, attributes: z.object({ email, username: z.string() }) });

export const contract = {
  // Accounts and sessions
  UserLogin: define({
    input: z.object({ username: z.string().min(1).max(254), password: z.string().min(1).max(128) }),
    output: session,
    auth: 'none',
    rateLimit: 'login',
    messageKeys: [MessageKey.invalidCredentials, MessageKey.rateLimited],
  }),
  CreateWebUser: define({
    input: signupPayload,
    output: z.object({ success: z.literal(true), sessionToken: z.string(), id }),
    auth: 'none',
    rateLimit: 'signup',
    messageKeys: [MessageKey.userAlreadyExists, MessageKey.captchaFailed],
  }),
  CreateNewWebUser: define({
    input: signupPayload,
    output: z.object({ id }),
    auth: 'none',
    rateLimit: 'signup',
    messageKeys: [MessageKey.userAlreadyExists, MessageKey.captchaFailed],
  }),
  Logout: define({ input: nothing, output: nothing, auth: 'none' }),
  GetUserExistsByUsername: define({
    input: z.object({ username: z.string().min(1).max(254) }),
    output: z.object({ exists: z.boolean() }),
    auth: 'none',
    rateLimit: 'existence',
  }),
  ChangePassword: define({
    input: z.object({ userId: id, newPassword: password, currentPassword: z.string().min(1).max(128) }),
    output: ok,
    auth: 'session',
    rateLimit: 'reauthentication',
    messageKeys: [MessageKey.invalidCredentials, MessageKey.rateLimited],
    owner: { params: ['userId'], action: 'change the password of' },
  }),
  UpdateUserEmail: define({
    input: z.object({ newUsername: email, password: z.string().min(1).max(128) }),
    output: z.object({ email }),
    auth: 'session',
    rateLimit: 'reauthentication',
    messageKeys: [MessageKey.userAlreadyExists, MessageKey.invalidCredentials, MessageKey.rateLimited],
  }),
  ChangeUsername: define({
    input: z.object({ oldEmail: email, newEmail: email, password: z.string().min(1).max(128) }),
    output: z.object({ email }),
    auth: 'session',
    rateLimit: 'reauthentication',
    messageKeys: [MessageKey.userAlreadyExists, MessageKey.invalidCredentials, MessageKey.rateLimited],
    owner: { params: ['oldEmail'], action: 'change the email of' },
  }),
  IterableUpdateEmail: define({ input: z.object({ oldEmail: email, newEmail: email }), output: ok, auth: 'session' }),
  RequestBeginPasswordReset: define({ input: z.object({ email }), output: ok, auth: 'none', rateLimit: 'passwordReset' }),
  RequestPasswordResetLegacy: define({ input: z.object({ email }), output: ok, auth: 'none', rateLimit: 'passwordReset' }),
  VerifyBeginPasswordReset: define({
    input: z.object({ token: z.string().min(16).max(256), password }),
    output: ok,
    auth: 'none',
    rateLimit: 'passwordReset',
    messageKeys: [MessageKey.resetTokenInvalid],
  }),
  GetCustomerDetails: define({
    input: z.object({ customerId: id.optional() }),
    output: customerDetails,
    auth: 'session',
    owner: { params: ['customerId'], action: 'see the details of' },
  }),
  GetPaymentHistory: define({
    input: z.object({ customerId: id.optional() }),
    output: z.object({ paymentHistory: z.array(paymentRecord) }),
    auth: 'session',
    owner: { params: ['customerId'], action: 'see the payments of' },
  }),
  GetSubscribedEmailLists: define({
    input: z.object({ email }),
    output: emailPreferences,
    auth: 'session',
    owner: { params: ['email'], action: 'see the email preferences of' },
  }),
  IterableSetEmailPreferences: define({
    input: emailPreferences.extend({ email }),
    output: emailPreferences,
    auth: 'session',
    owner: { params: ['email'], action: 'change the email preferences of' },
  }),
  TrackUserEvent: define({
    input: z.object({ email, eventName: z.string().min(1).max(100), dataFields: freeFormObject.optional() }),
    output: ok,
    auth: 'none',
    rateLimit: 'tracking',
  }),
  GetGeoIp: define({
    input: nothing,
    output: z.object({ country: z.string().length(2).nullable(), requiresMarketingOptIn: z.boolean() }),
    auth: 'none',
  }),

  // Catalog
  GetDefaultPlans: define({ input: z.object({ tag: z.string().max(64).optional() }), output: z.array(webOffer), auth: 'none' }),
  GetWebOffers: define({ input: nothing, output: z.array(webOffer), auth: 'none' }),
  GetMinervaOffers: define({
    input: z.object({ status: z.enum(['active', 'inactive']).optional() }),
    output: z.array(minervaOffer),
    auth: 'none',
  }),
  GetMinervaClassAddOns: define({
    input: z.object({ status: z.enum(['active', 'inactive']).optional() }),
    output: z.array(classAddOn),
    auth: 'none',
  }),

  // Codes
  GetWebOfferByPromoCode: define({
    input: z.object({ promoCode: z.string().min(1).max(64) }),
    output: webOffer.nullable(),
    auth: 'none',
    rateLimit: 'codeLookup',
  }),
  FindWebOfferByCouponCode: define({
    input: z.object({ code: z.string().min(1).max(64) }),
    output: codeLookup,
    auth: 'none',
    rateLimit: 'codeLookup',
  }),
  RedeemComp: define({
    input: z.object({ userId: id, couponCode: z.string().min(1).max(64), customerOptions: customerOptions.optional() }),
    output: z.object({ redeemed: z.literal(true), expiresAt: isoDate.nullable(), isLifetime: z.boolean() }),
    rateLimit: 'codeLookup',
    ...codeCall,
    owner: { params: ['userId'], action: 'redeem codes for' },
  }),
  RedeemVolumeLicense: define({
    input: z.object({ userId: id, couponCode: z.string().min(1).max(64), customerOptions: customerOptions.optional() }),
    output: z.object({ redeemed: z.literal(true), expiresAt: isoDate.nullable(), isLifetime: z.boolean() }),
    rateLimit: 'codeLookup',
    ...codeCall,
    owner: { params: ['userId'], action: 'redeem codes for' },
  }),
  GetBulkPurchaseCampaign: define({
    input: z.object({ campaignId: id }),
    output: z.object({
      id,
      name: z.string(),
      organization: z.string().nullable(),
      webOffer: webOffer.nullable(),
      pricePerSeat: z.number().nullable(),
      isActive: z.boolean(),
    }),
    auth: 'none',
  }),
  BulkPurchaseGirlScoutsInfo: define({
    input: z.object({
      councilName: z.string().min(1).max(200),
      contactName: z.string().min(1).max(200),
      email,
      phoneNumber: z.string().max(40).optional(),
      quantity: formNumber.pipe(z.number().int().min(1).max(100000)),
      message: z.string().max(2000).optional(),
    }),
    output: z.object({ requestId: id }),
    auth: 'none',
    rateLimit: 'inquiry',
  }),
  CodingEventRequest: define({
    input: z.object({
      name: z.string().min(1).max(200),
      email,
      organization: z.string().max(200).optional(),
      eventDate: z.string().max(40).optional(),
      attendees: z.number().int().min(1).max(100000).optional(),
      message: z.string().max(2000).optional(),
    }),
    output: z.object({ requestId: id }),
    auth: 'none',
    rateLimit: 'inquiry',
  }),

  // Payments (issue: payments end to end)
  GetClientToken: define({
    input: z.object({ captchaToken: z.string().max(4096).optional() }),
    output: z.object({ clientToken: z.string() }),
    auth: 'none',
    messageKeys: [MessageKey.captchaFailed],
  }),
  PurchaseSubscription: define({
    input: purchasePayload,
    output: z.object({
      subscriptionData: z.object({ id, status: z.string(), trialDuration: z.number().int(), nextBillingDate: isoDate.nullable() }),
      customer: z.object({ email }),
      webOffer,
    }),
    ...subscriptionCall,
    messageKeys: [...subscriptionCall.messageKeys, MessageKey.codeAlreadyUsed, MessageKey.codeExpired, MessageKey.codeInvalid],
    owner: { params: ['userId'], action: 'buy a plan for' },
  }),
  UpgradeSubscription: define({
    input: z.object({
      parseUserId: id,
      oldSubscriptionId: id,
      newPlanId: id,
      paymentMethodToken: z.null().optional(),
      expectedTodayCharge,
    }),
    output: z.object({ subscriptionId: id }),
    ...subscriptionCall,
    owner: { params: ['parseUserId'], action: 'change the plan of' },
  }),
  CancelSubscription: define({
    input: z.object({ subscriptionId: id, cancelReason: z.string().max(500), email }),
    output: z.object({ subscriptionId: id, status: z.string(), accessEndsAt: isoDate.nullable() }),
    auth: 'session',
    owner: { params: ['email'], action: 'cancel the plans of' },
  }),
  // Idempotent: a past-due balance is charged at once on the new card.
  UpdateCreditCard: define({
    input: z.object({ customerId: id.optional(), userId: id.optional(), paymentNonce: z.string().min(1).max(4096) }),
    output: ok,
    auth: 'session',
    idempotent: true,
    messageKeys: paymentKeys,
    owner: { params: ['customerId', 'userId'], action: 'update the card of' },
  }),
  CreateClassAddOnSubscription: define({
    input: z.object({ paymentMethodToken: z.string().min(1).max(4096), classAddOnId: id, expectedTodayCharge }),
    output: z.object({ id }),
    ...subscriptionCall,
  }),
  SubscribeToMinervaClasses: define({
    input: z.object({
      webOfferId: id,
      paymentMethodToken: z.string().min(1).max(4096),
      customerOptions: customerOptions.optional(),
      utmParamsObject: utmParams,
      captchaToken: z.string().max(4096).optional(),
      expectedTodayCharge,
    }),
    output: z.object({ subscriptionId: id, classType: z.enum(['live', 'onDemand']) }),
    ...subscriptionCall,
  }),
  CancelMinervaClasses: define({
    input: z.object({ subscriptionId: id, cancelReason: z.string().max(500) }),
    output: z.object({ subscriptionId: id, status: z.string(), accessEndsAt: isoDate.nullable() }),
    auth: 'session',
  }),
  BulkPurchase: define({
    input: z.object({
      campaignId: id.optional(),
      webOfferId: id,
      quantity: formNumber.pipe(z.number().int().min(1).max(10000)),
      paymentMethodToken: z.string().min(1).max(4096),
      customerOptions,
      expectedTodayCharge,
      /** The 'paymentForm' bot check: required without a session (docs/payments.md "Card testing"). */
      captchaToken: z.string().max(4096).optional(),
    }),
    output: z.object({ orderId: id, codes: z.array(z.string()) }),
    auth: 'none',
    idempotent: true,
    answerHoldsSecrets: true,
    messageKeys: [...chargeKeys, MessageKey.captchaFailed, MessageKey.tooManyDeclines],
  }),

  // Side effects the browser asks for (they go to the outbox)
  CrmAddCustomer: define({
    input: z.object({
      email,
      productId: z.string().max(100),
      productDuration: z.string().max(50),
      fullName: z.string().max(200).optional(),
      phoneNumber: z.string().max(40).optional(),
    }),
    output: ok,
    auth: 'none',
    rateLimit: 'tracking',
  }),
  CrmUpdateAfterAddClass: define({
    input: z.object({ email, productId: z.string().max(100), hs_lead_status: z.literal('Subscribed') }),
    output: ok,
    auth: 'session',
    owner: { params: ['email'], action: 'update' },
  }),
  SendConversionEvent: define({
    input: z.object({
      event_name: z.string().min(1).max(100),
      event_source_url: z.string().url().max(2000),
      fbp: z.string().max(200).optional(),
      fbc: z.string().max(200).optional(),
      custom_data: freeFormObject.optional(),
    }),
    output: status,
    auth: 'none',
    rateLimit: 'tracking',
  }),
} satisfies Record<CallName, CallDefinition>;

export type Contract = typeof contract;
