/**
 * The payment gateway a server charges through, chosen by PAYMENT_GATEWAY (config.ts
 * `readPaymentsEnv`): `sandbox` (default; Braintree's sandbox rules on our own tables) or
 * `braintree` (the official SDK with the BRAINTREE_* credentials). Both implement
 * `PaymentGateway` (gateway.ts); a gateway holds no state of its own besides its database or
 * SDK client, so one per server is enough and two are harmless.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { type BraintreeCredentials, createBraintreeGateway } from './braintree/gateway.ts';
import type { GatewayName, PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox/gateway.ts';

export type { BraintreeCredentials } from './braintree/gateway.ts';

/** What chooses and configures the gateway (config.ts reads it from the environment). */
export type PaymentGatewaySettings = { kind: 'sandbox' } | { kind: 'braintree'; braintree: BraintreeCredentials };

export interface CreatePaymentGatewayOptions {
  kind: GatewayName;
  db: Kysely<Database>;
  braintree?: BraintreeCredentials;
  /** The sandbox's clock for records it makes without a `now` argument (customers, vaulted methods). */
  now?: () => Date;
}

export function createPaymentGateway(o: CreatePaymentGatewayOptions): PaymentGateway {
  if (o.kind === 'braintree') {
    if (!o.braintree)
      throw new Error(
        'The braintree payment gateway needs its credentials (BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY).',
      );
    return createBraintreeGateway({ credentials: o.braintree });
  }
  return createSandboxGateway({ db: o.db, ...(o.now ? { now: o.now } : {}) });
}

/** `createPaymentGateway` from the settings config.ts read. */
export function gatewayFromSettings(settings: PaymentGatewaySettings, db: Kysely<Database>, now?: () => Date): PaymentGateway {
  return settings.kind === 'braintree'
    ? createPaymentGateway({ kind: 'braintree', db, braintree: settings.braintree })
    : createPaymentGateway({ kind: 'sandbox', db, ...(now ? { now } : {}) });
}
