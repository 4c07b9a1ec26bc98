/**
 * What the sandbox gateway does with a nonce when it is vaulted: the sandbox's own card nonces
 * (src/domain/sandboxCardNonce.ts: the card the parent typed, with its brand, last four digits,
 * expiry and verification outcome), and Braintree's test nonces (the SDK's `Test.Nonces`; the
 * team's shared data file braintree-test-nonces.tsv lists all of them), which keep the results
 * Braintree documents.
 *
 * Card details of Braintree's nonces follow Braintree's sandbox where it is known
 * (fake-valid-visa-nonce is the Visa 4012 8888 8888 1881; the processor-declined nonces are the
 * cards 4000111111111115, 5105105105105100, 378734493671000, 6011000990139424); the rest are
 * plausible values. A card's `fingerprint` stands for its number (`cardFingerprint` of the
 * number where it is known, so typing 4012 8888 8888 1881 is the same card as
 * fake-valid-visa-nonce): two methods with one fingerprint are one card to the duplicate check.
 */
import {
  cardFingerprint,
  cardTypeName,
  parseSandboxCardNonce,
  type SandboxCard,
  uniqueNumberIdentifier,
} from '../../../domain/sandboxCardNonce.ts';
import type { GatewayFailure, PaymentType } from '../gateway.ts';

export type VerificationOutcome = { kind: 'processorDeclined'; code: string } | { kind: 'failed'; code: string };

export type NonceBehaviour =
  | {
      kind: 'card';
      paymentType: Exclude<PaymentType, 'PayPal'>;
      cardType: string;
      last4: string;
      /** 32 hex digits standing for the card number (the vault's unique number identifier: `uniqueNumberIdentifier`). */
      fingerprint: string;
      /** The card's expiry; absent: December, three years after it is vaulted (Braintree's fixed test nonces). */
      expiration?: { month: number; year: number };
      /** The card verification (verifyCard) fails this way; absent: it passes. */
      verification?: VerificationOutcome;
    }
  | { kind: 'paypal'; email: string }
  /** Refused however it is used. */
  | { kind: 'refused'; failure: GatewayFailure };

/** Card brands the sandbox merchant account accepts; another brand answers cardTypeNotAccepted (Braintree 81703). */
export const ACCEPTED_CARD_TYPES: ReadonlySet<string> = new Set([
  'Visa',
  'MasterCard',
  'American Express',
  'Discover',
  'JCB',
  'Diners Club',
]);

/** `identity`: the card number where Braintree's sandbox publishes it, else a name of our own. */
const card = (
  cardType: string,
  last4: string,
  identity: string,
  verification?: VerificationOutcome,
  paymentType: Exclude<PaymentType, 'PayPal'> = 'card',
): NonceBehaviour => ({
  kind: 'card',
  paymentType,
  cardType,
  last4,
  fingerprint: uniqueNumberIdentifier(cardType, last4, cardFingerprint(identity)),
  ...(verification ? { verification } : {}),
});
const wallet = (paymentType: 'ApplePay' | 'GooglePay', cardType: string, last4: string, identity: string): NonceBehaviour =>
  card(cardType, last4, identity, undefined, paymentType);
const notAccepted = (cardType: string): NonceBehaviour => ({ kind: 'refused', failure: { kind: 'cardTypeNotAccepted', cardType } });
const validation = (code: string, message: string): NonceBehaviour => ({ kind: 'refused', failure: { kind: 'validation', code, message } });
const rejected = (reason: Extract<GatewayFailure, { kind: 'gatewayRejected' }>['reason']): NonceBehaviour => ({
  kind: 'refused',
  failure: { kind: 'gatewayRejected', reason },
});

const DECLINED = { kind: 'processorDeclined', code: '2000' } as const;
const PROCESSOR_FAILURE = { kind: 'failed', code: '3000' } as const;

/** An unknown nonce: Braintree's 93108. */
export const UNKNOWN_NONCE: GatewayFailure = { kind: 'validation', code: '93108', message: 'Unknown or expired payment_method_nonce.' };

export const TEST_NONCES: Readonly<Record<string, NonceBehaviour>> = {
  // Valid cards of a brand (and card-type indicators, all Visa).
  'fake-valid-nonce': card('Visa', '1881', '4012888888881881'),
  'fake-valid-visa-nonce': card('Visa', '1881', '4012888888881881'),
  'fake-valid-amex-nonce': card('American Express', '0005', '378282246310005'),
  'fake-valid-mastercard-nonce': card('MasterCard', '4444', '5555555555554444'),
  'fake-valid-discover-nonce': card('Discover', '1117', '6011111111111117'),
  'fake-valid-jcb-nonce': card('JCB', '0000', '3530111333300000'),
  'fake-valid-maestro-nonce': notAccepted('Maestro'),
  'fake-valid-dinersclub-nonce': card('Diners Club', '0004', '36259600000004'),
  'fake-valid-prepaid-nonce': card('Visa', '0061', 'visa-prepaid'),
  'fake-valid-prepaid-reloadable-nonce': card('Visa', '0079', 'visa-prepaid-reloadable'),
  'fake-valid-business-nonce': card('Visa', '0012', 'visa-business'),
  'fake-valid-consumer-nonce': card('Visa', '0020', 'visa-consumer'),
  'fake-valid-corporate-nonce': card('Visa', '0038', 'visa-corporate'),
  'fake-valid-purchase-nonce': card('Visa', '0046', 'visa-purchase'),
  'fake-valid-commercial-nonce': card('Visa', '0053', 'visa-commercial'),
  'fake-valid-durbin-regulated-nonce': card('Visa', '0087', 'visa-durbin-regulated'),
  'fake-valid-healthcare-nonce': card('Visa', '0095', 'visa-healthcare'),
  'fake-valid-debit-nonce': card('Visa', '0103', 'visa-debit'),
  'fake-valid-payroll-nonce': card('Visa', '0111', 'visa-payroll'),
  'fake-valid-no-indicators-nonce': card('Visa', '0129', 'visa-no-indicators'),
  'fake-valid-unknown-indicators-nonce': card('Visa', '0137', 'visa-unknown-indicators'),
  'fake-valid-country-of-issuance-usa-nonce': card('Visa', '0145', 'visa-country-usa'),
  'fake-valid-country-of-issuance-cad-nonce': card('Visa', '0152', 'visa-country-cad'),
  'fake-valid-issuing-bank-network-only-nonce': card('Visa', '0160', 'visa-issuing-bank-network-only'),
  'fake-pinless-debit-visa-nonce': card('Visa', '0178', 'visa-pinless-debit'),

  // Cards whose verification fails.
  'fake-processor-declined-visa-nonce': card('Visa', '1115', '4000111111111115', DECLINED),
  'fake-processor-declined-mastercard-nonce': card('MasterCard', '5100', '5105105105105100', DECLINED),
  'fake-processor-declined-amex-nonce': card('American Express', '1000', '378734493671000', DECLINED),
  'fake-processor-declined-discover-nonce': card('Discover', '9424', '6011000990139424', DECLINED),
  'fake-processor-failure-jcb-nonce': card('JCB', '0505', '3566002020360505', PROCESSOR_FAILURE),

  // Refused by the gateway or as invalid requests.
  'fake-luhn-invalid-nonce': rejected('other'),
  'fake-gateway-rejected-fraud-nonce': rejected('fraud'),
  'fake-gateway-rejected-risk-thresholds-nonce': rejected('risk_threshold'),
  'fake-consumed-nonce': validation('91564', 'Cannot use a payment_method_nonce more than once.'),

  // PayPal: the vault flow's billing agreement can be vaulted and billed; a one-time payment cannot be vaulted.
  'fake-paypal-billing-agreement-nonce': { kind: 'paypal', email: 'payer@example.com' },
  'fake-paypal-one-time-nonce': validation('82902', 'Cannot vault one-time use PayPal account.'),
  'fake-paypal-future-nonce': legacyNonce(),
  'fake-paypal-future-refresh-token-nonce': legacyNonce(),

  // Apple Pay and Google Pay cards (network tokens: never duplicates of a card).
  'fake-apple-pay-visa-nonce': wallet('ApplePay', 'Visa', '1881', 'apple-pay-visa'),
  'fake-apple-pay-mastercard-nonce': wallet('ApplePay', 'MasterCard', '4444', 'apple-pay-mastercard'),
  'fake-apple-pay-amex-nonce': wallet('ApplePay', 'American Express', '0005', 'apple-pay-amex'),
  'fake-apple-pay-mpan-nonce': wallet('ApplePay', 'Visa', '1881', 'apple-pay-mpan'),
  'fake-android-pay-nonce': wallet('GooglePay', 'Visa', '1111', 'google-pay'),
  'fake-android-pay-discover-nonce': wallet('GooglePay', 'Discover', '1117', 'google-pay-discover'),
  'fake-android-pay-visa-nonce': wallet('GooglePay', 'Visa', '1111', 'google-pay-visa'),
  'fake-android-pay-mastercard-nonce': wallet('GooglePay', 'MasterCard', '4444', 'google-pay-mastercard'),
  'fake-android-pay-amex-nonce': wallet('GooglePay', 'American Express', '0005', 'google-pay-amex'),

  // 3-D Secure scenarios: Visa cards (this product does not ask for 3-D Secure).
  ...Object.fromEntries(
    [
      'full-authentication',
      'lookup-timeout',
      'failed-signature',
      'failed-authentication',
      'attempts-non-participating',
      'not-enrolled',
      'unavailable',
      'mpi-lookup-error',
      'mpi-authenticate-error',
      'authentication-unavailable',
      'bypassed-authentication',
    ].map((name) => [`fake-three-d-secure-visa-${name}-nonce`, card('Visa', '1091', `visa-3ds-${name}`)]),
  ),
  ...Object.fromEntries(
    ['successful-frictionless-authentication', 'successful-step-up-authentication', 'error-on-lookup', 'timeout-on-lookup'].map((name) => [
      `fake-three-d-secure-two-visa-${name}-nonce`,
      card('Visa', '2008', `visa-3ds2-${name}`),
    ]),
  ),

  // Cards from other wallets.
  'fake-visa-checkout-visa-nonce': card('Visa', '1881', '4012888888881881'),
  'fake-visa-checkout-mastercard-nonce': card('MasterCard', '4444', '5555555555554444'),
  'fake-visa-checkout-discover-nonce': card('Discover', '1117', '6011111111111117'),
  'fake-visa-checkout-amex-nonce': card('American Express', '0005', '378282246310005'),
  tokensam_fake_visa: card('Visa', '1881', '4012888888881881'),
  tokensam_fake_mastercard: card('MasterCard', '4444', '5555555555554444'),
  tokensam_fake_discover: card('Discover', '1117', '6011111111111117'),
  tokensam_fake_american_express: card('American Express', '0005', '378282246310005'),

  // Payment methods this product does not take.
  'fake-abstract-transactable-nonce': notAccepted('Unknown'),
  'fake-europe-bank-account-nonce': notAccepted('Europe bank account'),
  'fake-us-bank-account-nonce': notAccepted('US bank account'),
  'fake-sepa-direct-debit-nonce': notAccepted('SEPA direct debit'),
  'fake-local-payment-method-nonce': notAccepted('Local payment'),
  'fake-venmo-account-nonce': notAccepted('Venmo'),
  'fake-token-issuance-error-venmo-account-nonce': notAccepted('Venmo'),
  'fake-meta-checkout-card-nonce': notAccepted('Meta Checkout'),
  'fake-meta-checkout-token-nonce': notAccepted('Meta Checkout'),
};

/** Legacy nonces Braintree no longer supports answer like an unknown one. */
function legacyNonce(): NonceBehaviour {
  return { kind: 'refused', failure: UNKNOWN_NONCE };
}

/**
 * A sandbox card nonce's card: its brand (one the merchant does not take is refused), last four
 * digits, expiry and fingerprint, and the verification its outcome names.
 */
export function sandboxCardBehaviour(c: SandboxCard): NonceBehaviour {
  const cardType = cardTypeName[c.brand];
  if (!ACCEPTED_CARD_TYPES.has(cardType)) return notAccepted(cardType);
  return {
    kind: 'card',
    paymentType: 'card',
    cardType,
    last4: c.last4,
    fingerprint: uniqueNumberIdentifier(cardType, c.last4, c.fingerprint),
    expiration: { month: c.expirationMonth, year: c.expirationYear },
    ...(c.outcome === 'declined' ? { verification: DECLINED } : c.outcome === 'failed' ? { verification: PROCESSOR_FAILURE } : {}),
  };
}

export function nonceBehaviour(nonce: string): NonceBehaviour {
  const typed = parseSandboxCardNonce(nonce);
  if (typed) return sandboxCardBehaviour(typed);
  return Object.hasOwn(TEST_NONCES, nonce) ? TEST_NONCES[nonce]! : { kind: 'refused', failure: UNKNOWN_NONCE };
}
