/** What the payment calls work with. */
import type { Kysely } from 'kysely';
import type { CaptchaVerifier } from '../../auth/captcha.ts';
import type { Database } from '../../db/types.ts';
import type { PaymentGateway } from '../gateway.ts';
import type { IdempotencyStore } from '../idempotency.ts';

export interface PaymentServices {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  captcha: CaptchaVerifier;
  /** The account locks (idempotency.ts `lockAccount`): one payment call per parent at a time. */
  locks: Pick<IdempotencyStore, 'lockAccount'>;
  now: () => Date;
}

/** The captcha action of the payment forms (spec §7 "Bot-check tokens"). */
export const PAYMENT_CAPTCHA_ACTIONS = ['paymentForm'] as const;
