/**
 * The payment gateway the backend charges through. Two implementations behave alike:
 * `braintree` (the official SDK, credentials from the environment) and `sandbox` (our own,
 * database-backed, following Braintree's sandbox rules: its test nonces, and amounts
 * 2000.00–2999.99 declined with that processor code, 3000.00–3000.99 failed).
 *
 * The gateway keeps its own records (Braintree's vault, or the sandbox's tables); our tables
 * (customers, payment_methods, subscriptions, payments) mirror what the product needs, and
 * change only through the call handlers and `GatewayEvent`s (Braintree webhooks, or the
 * sandbox's billing run). Card numbers and security codes never reach either: the browser
 * turns them into a one-time nonce.
 *
 * Money is integer cents, USD. Failures the parent can act on are answered as values
 * (`GatewayFailure`), never thrown; a thrown error is an outage (network, credentials).
 */

export type GatewayName = 'sandbox' | 'braintree';

/** Why a card or a charge was refused. */
export type GatewayFailure =
  /** The issuing bank declined: Braintree's processor response code (2000–2099) and text. */
  | { kind: 'processorDeclined'; code: string; text: string }
  /** The processor could not be reached or failed (code 3000). */
  | { kind: 'failed'; code: string; text: string }
  /** Braintree's gateway refused before the bank: CVV or postal code mismatch, duplicate, fraud. */
  | { kind: 'gatewayRejected'; reason: 'cvv' | 'avs' | 'avs_and_cvv' | 'duplicate' | 'fraud' | 'risk_threshold' | 'other' }
  /** A request Braintree refuses as invalid: a consumed nonce (91564), a one-time PayPal nonce for a subscription (91925)… */
  | { kind: 'validation'; code: string; message: string }
  /** The card type is not accepted by the merchant account. */
  | { kind: 'cardTypeNotAccepted'; cardType: string };

export type GatewayResult<T> = { ok: true; value: T } | { ok: false; failure: GatewayFailure };

export type PaymentType = 'card' | 'PayPal' | 'ApplePay' | 'GooglePay';

/** A vaulted payment method, as shown to the parent (never the number or the security code). */
export interface VaultedPaymentMethod {
  token: string;
  paymentType: PaymentType;
  cardType: string | null;
  last4: string | null;
  expirationMonth: number | null;
  expirationYear: number | null;
  paypalEmail: string | null;
  /**
   * What stands for the card number (Braintree's `uniqueNumberIdentifier`): the same for every
   * vaulting of one number, whoever vaults it, so it names a card across customers (the decline
   * limits per card: calls/guestCards.ts). Null for PayPal and for Apple Pay and Google Pay cards
   * (network tokens: a new number each time).
   */
  uniqueNumberIdentifier: string | null;
}

export interface GatewayCustomer {
  customerId: string;
}

export type GatewaySubscriptionStatus = 'Pending' | 'Active' | 'PastDue' | 'Canceled' | 'Expired';

export interface GatewaySubscription {
  id: string;
  status: GatewaySubscriptionStatus;
  priceCents: number;
  trialDurationDays: number;
  /** When the first charge happens (after the trial), UTC. */
  firstBillingDate: Date;
  nextBillingDate: Date | null;
  /** The charge made at creation (no trial), when there was one. */
  transaction: GatewayTransaction | null;
}

export interface GatewayTransaction {
  id: string;
  amountCents: number;
  /** settled: the money moved (or is authorised to); voided or refunded: given back since. */
  status: 'settled' | 'declined' | 'failed' | 'voided' | 'refunded';
  processorResponseCode: string | null;
  processorResponseText: string | null;
  createdAt: Date;
}

/**
 * What the gateway tells us happened later (Braintree webhooks; the sandbox's billing run).
 * `applyGatewayEvent` turns each into rows of our tables; applying one twice changes nothing.
 */
export type GatewayEvent =
  | { kind: 'subscriptionChargedSuccessfully'; subscriptionId: string; transaction: GatewayTransaction; nextBillingDate: Date | null }
  | { kind: 'subscriptionChargedUnsuccessfully'; subscriptionId: string; transaction: GatewayTransaction }
  | { kind: 'subscriptionWentPastDue'; subscriptionId: string }
  | { kind: 'subscriptionWentActive'; subscriptionId: string }
  | { kind: 'subscriptionCanceled'; subscriptionId: string }
  | { kind: 'subscriptionExpired'; subscriptionId: string }
  | { kind: 'subscriptionTrialEnded'; subscriptionId: string }
  /** A notification we do not act on (logged). */
  | { kind: 'ignored'; notificationKind: string };

export interface PaymentGateway {
  readonly name: GatewayName;
  /** A client token for the browser's payment fields (bound to the customer when known). */
  clientToken(o: { customerId?: string | null }): Promise<string>;
  createCustomer(o: { email: string; firstName: string | null; lastName: string | null }): Promise<GatewayCustomer>;
  /**
   * Vaults a nonce for a customer, verifying cards first (Braintree's `verifyCard`). With
   * `failOnDuplicate`, a card already in the vault is refused (`failOnDuplicatePaymentMethod`):
   * changing the card on file to the same card. A checkout does not ask for it — a parent
   * paying again with the card of a declined or ended plan gets a new token, not a refusal.
   * With `verifyCard: false` the card is vaulted unverified, so that its `uniqueNumberIdentifier`
   * is known before the bank is asked (`verifyPaymentMethod` then verifies it).
   */
  vaultPaymentMethod(o: {
    customerId: string;
    nonce: string;
    makeDefault: boolean;
    failOnDuplicate: boolean;
    /** Absent: true. */
    verifyCard?: boolean;
  }): Promise<GatewayResult<VaultedPaymentMethod>>;
  /**
   * Verifies a card vaulted with `verifyCard: false` with its bank, as vaulting would have
   * (Braintree's card verification: an authorization voided at once). A refusal is answered as
   * vaulting answers it; the card stays in the vault, unused.
   */
  verifyPaymentMethod(o: { token: string }): Promise<GatewayResult<null>>;
  /**
   * Creates a subscription on a vaulted method. With a trial nothing is charged today; without
   * one the first period is charged at once (and a decline fails the call).
   */
  createSubscription(o: {
    /** Ours (the payment intent's id): reconciliation finds the subscription by it, and a second create with it is refused (81902). */
    id: string;
    paymentMethodToken: string;
    planId: string;
    priceCents: number;
    trialDurationDays: number;
    billingFrequencyMonths: number;
    now: Date;
  }): Promise<GatewayResult<GatewaySubscription>>;
  /** Moves a subscription to another plan and price (upgrade), or another payment method. */
  updateSubscription(o: {
    subscriptionId: string;
    planId?: string;
    priceCents?: number;
    paymentMethodToken?: string;
    now: Date;
  }): Promise<GatewayResult<GatewaySubscription>>;
  /** Stops future billing; access lasts to the end of the paid period. */
  cancelSubscription(o: { subscriptionId: string; now: Date }): Promise<GatewayResult<GatewaySubscription>>;
  /** A one-off charge (bulk purchases, lifetime plans), settled at once. `orderId` is ours (the payment intent's id). */
  sale(o: { paymentMethodToken: string; amountCents: number; orderId: string; now: Date }): Promise<GatewayResult<GatewayTransaction>>;

  // Reconciliation: what became of a charge whose answer we never recorded.
  /** The sale made with this order id (the latest, when several were tried), or null. */
  findSale(orderId: string): Promise<GatewayTransaction | null>;
  /** The subscription with this id, with the charge made at its creation; null when there is none. */
  findSubscription(id: string, now: Date): Promise<GatewaySubscription | null>;
  /** Gives a charge back: voids it while it can be voided, else refunds it in full. A charge already given back answers as it is. */
  reverseSale(o: { transactionId: string; now: Date }): Promise<GatewayResult<GatewayTransaction>>;
  /** Checks and reads a webhook notification; null when the signature does not verify. */
  parseWebhook(o: { signature: string; payload: string }): Promise<GatewayEvent | null>;
}
