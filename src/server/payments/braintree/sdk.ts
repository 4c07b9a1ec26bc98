/**
 * The part of the official `braintree` SDK this gateway uses, typed as the SDK actually answers
 * (@types/braintree lacks fields it returns, such as a result's `verification`, and subscription
 * trial options). Dates of subscriptions are `YYYY-MM-DD` strings; amounts are dollar strings.
 */
import braintree from 'braintree';

export interface SdkValidationError {
  attribute: string;
  code: string;
  message: string;
}

export interface SdkTransaction {
  id: string;
  status: string;
  amount: string;
  createdAt?: string | null;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  gatewayRejectionReason?: string | null;
  orderId?: string | null;
  /** The refunds made of this charge. */
  refundIds?: string[] | null;
}

export interface SdkVerification {
  status: string;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  gatewayRejectionReason?: string | null;
}

export interface SdkSubscription {
  id: string;
  status: string;
  price: string;
  trialPeriod?: boolean | null;
  trialDuration?: number | string | null;
  trialDurationUnit?: string | null;
  firstBillingDate?: string | null;
  nextBillingDate?: string | null;
  paidThroughDate?: string | null;
  transactions?: SdkTransaction[] | null;
}

export interface SdkPaymentMethod {
  token: string;
  cardType?: string | null;
  last4?: string | null;
  expirationMonth?: string | null;
  expirationYear?: string | null;
  email?: string | null;
  sourceCardType?: string | null;
  sourceCardLast4?: string | null;
  /** A credit card's: the same for every vaulting of one card number. */
  uniqueNumberIdentifier?: string | null;
}

/** What every call answers: success with its object, or errors (and the verification or transaction that failed). */
export interface SdkResult {
  success: boolean;
  message?: string;
  errors?: { deepErrors(): SdkValidationError[] };
  verification?: SdkVerification | null;
  transaction?: SdkTransaction | null;
  subscription?: SdkSubscription | null;
  customer?: { id: string } | null;
  clientToken?: string;
  paymentMethodNonce?: { nonce: string } | null;
  paymentMethod?: SdkPaymentMethod | null;
  creditCard?: SdkPaymentMethod | null;
  paypalAccount?: SdkPaymentMethod | null;
  applePayCard?: SdkPaymentMethod | null;
  androidPayCard?: SdkPaymentMethod | null;
  params?: unknown;
}

export interface SdkWebhookNotification {
  kind: string;
  timestamp?: string | Date;
  subscription?: SdkSubscription | null;
}

export interface BraintreeSdk {
  clientToken: { generate(request: { customerId?: string }): Promise<SdkResult> };
  customer: { create(request: { email: string; firstName?: string; lastName?: string }): Promise<SdkResult> };
  paymentMethod: {
    create(request: {
      customerId: string;
      paymentMethodNonce: string;
      options: { verifyCard: boolean; failOnDuplicatePaymentMethod: boolean; makeDefault: boolean };
    }): Promise<SdkResult>;
  };
  /** A one-time nonce standing for a vaulted method (POST /payment_methods/:token/nonces). */
  paymentMethodNonce: { create(paymentMethodToken: string): Promise<SdkResult> };
  /** A card verification on its own (POST /verifications): the bank is asked, nothing is stored. */
  creditCardVerification: { create(request: { paymentMethodNonce: string }): Promise<SdkResult> };
  subscription: {
    create(request: Record<string, unknown>): Promise<SdkResult>;
    update(id: string, request: Record<string, unknown>): Promise<SdkResult>;
    cancel(id: string): Promise<SdkResult>;
    /** Rejects with a `notFoundError` when there is no such subscription. */
    find(id: string): Promise<SdkSubscription>;
  };
  transaction: {
    sale(request: {
      amount: string;
      paymentMethodToken: string;
      orderId: string;
      options: { submitForSettlement: boolean };
    }): Promise<SdkResult>;
    /** Rejects with a `notFoundError` when there is no such transaction. */
    find(id: string): Promise<SdkTransaction>;
    void(id: string): Promise<SdkResult>;
    refund(id: string): Promise<SdkResult>;
    /** Without a callback: a stream of the matching transactions (objects mode). */
    search(build: (search: { orderId(): { is(value: string): void } }) => void): AsyncIterable<SdkTransaction>;
  };
  webhookNotification: { parse(signature: string, payload: string): Promise<SdkWebhookNotification> };
  webhookTesting: { sampleNotification(kind: string, id: string): Promise<{ bt_signature: string; bt_payload: string }> };
}

export interface BraintreeCredentials {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

/**
 * An SDK client. `endpoint` points it elsewhere than Braintree (tests: a local server that
 * answers like the gateway); the SDK then speaks plain HTTP to that host and port.
 */
export function createSdk(credentials: BraintreeCredentials, endpoint?: { host: string; port: number }): BraintreeSdk {
  const environment = endpoint
    ? new braintree.Environment(
        endpoint.host,
        String(endpoint.port),
        `http://${endpoint.host}:${endpoint.port}`,
        false,
        endpoint.host,
        String(endpoint.port),
      )
    : credentials.environment === 'production'
      ? braintree.Environment.Production
      : braintree.Environment.Sandbox;
  const gateway = new braintree.BraintreeGateway({
    environment,
    merchantId: credentials.merchantId,
    publicKey: credentials.publicKey,
    privateKey: credentials.privateKey,
  });
  return gateway as unknown as BraintreeSdk;
}

/** An SDK error that means Braintree has no such object (a subscription id that does not exist). */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === 'notFoundError';
}
