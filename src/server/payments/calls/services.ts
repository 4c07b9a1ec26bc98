/** What the payment calls work with. */
import type { Kysely } from 'kysely';
import type { CaptchaVerifier } from '../../auth/captcha.ts';
import type { Database } from '../../db/types.ts';
import type { DeclineLimits } from '../declineLimits.ts';
import type { PaymentGateway } from '../gateway.ts';
import type { IdempotencyStore } from '../idempotency/store.ts';
import type { IntentKinds } from '../intents/kinds.ts';

export interface PaymentServices {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  captcha: CaptchaVerifier;
  /** Declines per address and per card of the calls without a session (guestCards.ts). */
  declineLimits: DeclineLimits;
  /** The account locks (idempotency.ts `lockAccount`): one payment call per parent at a time. */
  locks: Pick<IdempotencyStore, 'lockAccount'>;
  now: () => Date;
  /** Every kind of payment intent, for intents met whatever the call (payments/intentKinds.ts). */
  intentKinds: IntentKinds;
  /** How long a request has to finish its intent before reconciliation may (default INTENT_LEASE_MS). */
  intentLeaseMs?: number;
}

/** The captcha action of the payment forms. */
export const PAYMENT_CAPTCHA_ACTIONS = ['paymentForm'] as const;
