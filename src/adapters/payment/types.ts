/**
 * The browser's payment adapter: card fields, PayPal (vault flow), Apple Pay and Google Pay
 * (version 2, USD, FINAL total price). Each way to pay ends in a one-time nonce for the
 * backend, or in a `PaymentAdapterError` carrying braintree-web's error code, so the funnels
 * map failures to their messages (docs/payments.md) the same way whichever adapter runs.
 *
 * Two implementations, chosen by the server's client config (`payments.adapter`):
 * - `braintree`: braintree-web with a client token from GetClientToken; hosted fields
 *   (iframes); loaded lazily, on payment screens only.
 * - `sandbox`: our own fields (real inputs), Luhn / expiry / CVV checks, Braintree's test
 *   nonces for Braintree's test card numbers; buttons that simulate the wallets.
 * Card numbers and security codes never leave the browser except to the provider.
 */

export type PaymentAdapterName = 'sandbox' | 'braintree';

export type PaymentMethodKind = 'card' | 'paypal' | 'applePay' | 'googlePay';

/** What the backend gets: the nonce, and what may be shown about the method. */
export interface TokenizedPayment {
  nonce: string;
  method: PaymentMethodKind;
  details: { cardType?: string; lastFour?: string; email?: string };
  /** braintree-web's data collector output (fraud tools), when there is one. */
  deviceData?: string;
}

/** Who caused a failure, as braintree-web types its errors. */
export type PaymentErrorType = 'CUSTOMER' | 'MERCHANT' | 'NETWORK' | 'INTERNAL' | 'UNKNOWN';

/**
 * A failure with braintree-web's code (`HOSTED_FIELDS_FIELDS_EMPTY`, `PAYPAL_POPUP_CLOSED`,
 * `HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED`…; ../shared/data/braintree-web-error-codes.tsv).
 * Wallet outcomes braintree-web leaves to the wallet get codes of the same shape:
 * `GOOGLE_PAYMENT_CANCELED` (the parent closed the sheet), `APPLE_PAY_PAYMENT_FAILED`.
 */
export class PaymentAdapterError extends Error {
  override name = 'PaymentAdapterError';
  constructor(
    readonly code: string,
    readonly type: PaymentErrorType,
    message: string,
    /** As braintree-web's `details`: which card fields are invalid (HOSTED_FIELDS_FIELDS_INVALID). */
    readonly details: { invalidFieldKeys?: CardFieldName[] } = {},
  ) {
    super(message);
  }
}

export type CardFieldName = 'number' | 'expirationDate' | 'cvv' | 'postalCode' | 'cardholderName';

export interface CardFieldSetup {
  /** The element the field is put in (an input for sandbox, an iframe for braintree). */
  container: HTMLElement;
  /** The accessible name of the field (the visible label's text). */
  label: string;
  placeholder?: string;
  /**
   * The id the field's own input gets, when it is an input of this page (sandbox): the visible
   * `<label for>` names it. Hosted fields (iframes) name theirs with `label`.
   */
  inputId?: string;
}

export interface CardFieldState {
  isEmpty: boolean;
  isValid: boolean;
  isFocused: boolean;
}

export interface CardFields {
  /** Tokenizes what the parent typed; throws PaymentAdapterError (FIELDS_EMPTY, FIELDS_INVALID…). */
  tokenize(): Promise<TokenizedPayment>;
  /** Calls back on every change of a field's state (to mark fields in error). */
  onStateChange(listener: (field: CardFieldName, state: CardFieldState) => void): () => void;
  focus(field: CardFieldName): void;
  teardown(): Promise<void>;
}

export interface WalletOptions {
  /** The final total charged, in USD ("19.99"); Google Pay's totalPrice, Apple Pay's total. */
  amount: string;
  /** The line shown in the wallet's sheet (the product name). */
  label: string;
  /**
   * PayPal: where PayPal's own button is drawn. PayPal opens its window only from a click on
   * that button, so `payWithPayPal` draws it here and settles on the parent's first outcome in
   * the window; the button is then removed (call again to offer it again). Required by
   * `payWithPayPal` (PAYPAL_MISSING_REQUIRED_OPTION without it).
   */
  container?: HTMLElement;
  /**
   * PayPal: called when the parent starts the flow from the button in `container` (PayPal's
   * window opens). A settlement before it is no outcome of the parent's: the button could not
   * be offered (PayPal did not load, is not enabled...).
   */
  onStart?: () => void;
}

export interface PaymentAdapter {
  readonly name: PaymentAdapterName;
  /** Puts card fields into the containers given; `expirationDate` is MM/YYYY or MM/YY per `expirationFormat`. */
  createCardFields(o: {
    fields: Partial<Record<CardFieldName, CardFieldSetup>> &
      Pick<Record<CardFieldName, CardFieldSetup>, 'number' | 'expirationDate' | 'cvv'>;
    expirationFormat: 'MM/YYYY' | 'MM/YY';
  }): Promise<CardFields>;
  /** Which wallets can run here (Apple Pay only in Safari with a card, say). */
  availableWallets(): Promise<{ paypal: boolean; applePay: boolean; googlePay: boolean }>;
  /**
   * PayPal's vault flow (a billing agreement a subscription can charge later), from PayPal's
   * button drawn in `o.container`; a new call (or teardown) abandons the previous call's button, whose
   * promise then rejects with METHOD_CALLED_AFTER_TEARDOWN.
   */
  payWithPayPal(o: WalletOptions): Promise<TokenizedPayment>;
  payWithApplePay(o: WalletOptions): Promise<TokenizedPayment>;
  payWithGooglePay(o: WalletOptions): Promise<TokenizedPayment>;
  teardown(): Promise<void>;
}

/**
 * How an adapter is made: the client token comes from GetClientToken (optionally with a captcha
 * token). `text` words what an adapter shows by itself (the sandbox's wallet dialogs), from the
 * payment block's copy group: `text('sandbox.approve')`.
 */
export type PaymentAdapterFactory = (o: {
  getClientToken: () => Promise<string>;
  text?: (name: string, params?: Record<string, string>) => string;
}) => Promise<PaymentAdapter>;
