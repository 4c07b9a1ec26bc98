/**
 * The message keys a call's failure may carry (`messageKey` on the wire), which the runtime maps to
 * copy: the product's failure messages and our own. No zod here: the browser's payment and account
 * code reads them.
 */
/**
 * A card payment without a session not tried because too many were declined: final although its
 * code is REQUEST_LIMIT_EXCEEDED (HTTP 429). Its own constant, so the entry's checkout code takes
 * this one string and not the whole table.
 */
export const TOO_MANY_DECLINES_KEY = 'WP_TooManyDeclines';

export const MessageKey = {
  alreadyHaveSubscription: 'WP_AlreadyHaveSubscription',
  /** A decline: the failure carries the processor's code (`processorCode`, 2000–2099 or 3000). */
  cardNotValid: 'WP_CardNotValid',
  /** The card type is not accepted. */
  paymentInvalid: 'WP_PaymentInvalid',
  /** CVV or postal code mismatch, or card fields the gateway finds invalid. */
  cardVerificationFailed: 'WP_CardVerificationFailed',
  /** The card is already in the vault. */
  paymentMethodDuplicate: 'WP_PaymentMethodDuplicate',
  /**
   * The call would charge another amount today than the screen showed (`expectedTodayCharge`):
   * nothing was charged; the failure carries the true amount (`todayCharge`) for the parent to confirm.
   */
  todayChargeChanged: 'WP_TodayChargeChanged',
  /** Too many declined cards from this address or of this card without a session (HTTP 429): not tried, try later. */
  tooManyDeclines: TOO_MANY_DECLINES_KEY,
  userAlreadyExists: 'USER_ALREADY_EXISTS',
  invalidCredentials: 'INVALID_CREDENTIALS',
  codeAlreadyUsed: 'CODE_ALREADY_USED',
  codeExpired: 'CODE_EXPIRED',
  codeInvalid: 'CODE_INVALID',
  subscriptionActive: 'SUBSCRIPTION_ACTIVE',
  captchaFailed: 'CAPTCHA_FAILED',
  rateLimited: 'RATE_LIMITED',
  resetTokenInvalid: 'RESET_TOKEN_INVALID',
  /** An `idempotent` call sent without an Idempotency-Key. */
  idempotencyKeyRequired: 'IDEMPOTENCY_KEY_REQUIRED',
  /** An Idempotency-Key sent again with other params. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** The first request with this Idempotency-Key (or another payment of the account) is still running. */
  requestInProgress: 'REQUEST_IN_PROGRESS',
} as const;
