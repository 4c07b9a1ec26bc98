/** What a kind of payment intent is: how it records a purchase in our tables (intentKinds.ts lists them). */
import type { Kysely, Transaction } from 'kysely';
import type { Database, IntentKind } from '../../db/types.ts';
import type { GatewayFailure } from '../gateway.ts';
import type { Charged, Intent } from './plan.ts';

/** How an intent's kind records a purchase in our tables. */
export interface IntentKindDefinition<R, A = unknown> {
  kind: IntentKind;
  /** Writes our rows for what the gateway charged; answers the call's answer. */
  complete(trx: Transaction<Database>, intent: Intent<R>, charged: Charged, now: Date): Promise<A>;
  /** Undoes what the intent used up (a coupon) when it ends without a purchase. */
  release?(trx: Transaction<Database>, intent: Intent<R>, now: Date): Promise<void>;
  /** Our record of a charge the gateway refused (a declined payment in the billing history). */
  refused?(trx: Transaction<Database>, intent: Intent<R>, refusal: GatewayFailure, now: Date): Promise<void>;
  /**
   * The answer a completed intent gives again. Without it the answer is kept with the intent;
   * with it nothing of the answer is kept (it holds codes) and it is read again from our tables.
   */
  answerAgain?(db: Kysely<Database>, intent: Intent<R>): Promise<A>;
}

/** The definitions of every kind (intentKinds.ts), for code that meets intents of any kind. */
export type IntentKinds = {
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own request type, and a definition only meets intents of its kind
  [K in IntentKind]: IntentKindDefinition<any, unknown>;
};
