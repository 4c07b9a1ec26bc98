/** What the payment form's parts share: its names, and what its config says it shows. */
import type { BlockProps } from '../types.ts';

export type PaymentFormConfig = BlockProps<'paymentForm'>['block'];
export type Wallet = 'paypal' | 'applePay' | 'googlePay';
/** A way to pay the form offers. */
export type PayWay = 'card' | Wallet;
export type FieldName = 'number' | 'expirationDate' | 'postalCode' | 'cvv' | 'cardholderName';
/** The fields the adapter draws (the name on the card is ours). */
export type HostedFieldName = Exclude<FieldName, 'cardholderName'>;
/** A text of the form's copy group (`submit` → `payment:checkout.submit`). */
export type FormText = (name: string, params?: Record<string, string>) => string;
/** The id of a part of the form (`tab-card` → `payment-x-tab-card`). */
export type PartId = (part: string) => string;

/** The analytics event of a refused payment method. */
export const PAYMENT_REJECTED_EVENT = 'web_payment_method_rejected';

export { DEFAULT_ERROR_MS } from './errorMs.ts';

const defaultFields: Record<'checkout' | 'classes', FieldName[]> = {
  // Card number, expiration date, postal code, security code, Name on Card.
  checkout: ['number', 'expirationDate', 'postalCode', 'cvv', 'cardholderName'],
  // Cardholder name, card number, expiration, security code, postal code.
  classes: ['cardholderName', 'number', 'expirationDate', 'cvv', 'postalCode'],
};

/** The copy key of each field's label. */
export const fieldLabel: Record<FieldName, string> = {
  number: 'cardNumber',
  expirationDate: 'expiration',
  postalCode: 'postalCode',
  cvv: 'securityCode',
  cardholderName: 'nameOnCard',
};

/** The copy key of the expiration date's format, shown after its label and as its placeholder. */
export const expirationFormatKey = (block: PaymentFormConfig) => (block.expirationFormat === 'MM/YYYY' ? 'formatLong' : 'formatShort');

export interface FormLayout {
  style: 'checkout' | 'classes';
  /** The card form's fields, in the order shown. */
  fields: FieldName[];
  hostedFields: HostedFieldName[];
  /** The wallets the block offers (those the adapter can run here show). */
  wallets: Wallet[];
  /** Card and other ways to pay under two tabs (checkout with wallets), else one under the other. */
  tabs: boolean;
}

export function formLayout(block: PaymentFormConfig): FormLayout {
  const style = block.style ?? 'checkout';
  const fields = block.fields ?? defaultFields[style];
  const wallets = block.wallets ?? [];
  return {
    style,
    fields,
    hostedFields: fields.filter((f): f is HostedFieldName => f !== 'cardholderName'),
    wallets,
    tabs: style === 'checkout' && wallets.length > 0,
  };
}
