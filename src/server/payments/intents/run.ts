/**
 * Write-ahead payments. A charge-creating call
 *   1. records its intent in its own committed transaction (with what it uses up, a coupon),
 *   2. makes the intent's charges at the gateway under the intent's id,
 *   3. records what was bought in our tables and marks the intent completed, in one transaction.
 * Money moves only after step 1, and every way out after it either completes the intent or
 * gives the money back (a refusal of a later charge, our record failing). When the gateway's
 * answer is unknown (an outage, a crash) the intent stays open: its request answers "not
 * confirmed yet", and reconciliation (reconcile.ts) finds the charges by the intent's id and
 * completes or reverses them. A request repeated with the same Idempotency-Key answers from the
 * intent — its answer, its refusal, or the reconciled outcome — and never charges again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { CallError, type CallFailure, ErrorCode, failureOnWire, MessageKey } from '../../../contract/index.ts';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/types.ts';
import { gatewayFailure } from '../calls/failures.ts';
import type { PaymentServices } from '../calls/services.ts';
import type { GatewayFailure, GatewayResult, GatewaySubscription } from '../gateway.ts';
import { findCharges, holdsMoney, isAlreadyCancelled, isCharged, makeCharge, reverseCharges } from './gatewaySteps.ts';
import type { IntentKindDefinition } from './kinds.ts';
import { type Charged, type Intent, type IntentPlan, nothingCharged, outcomeOf } from './plan.ts';
import {
  claimIntent,
  findIntent,
  type IntentKey,
  insertIntent,
  intentForKey,
  lockIntent,
  openIntentsOf,
  reopenIntent,
  resolveIntentRow,
} from './repository.ts';

/** How long the request that made an intent has to finish it before reconciliation may. */
export const INTENT_LEASE_MS = 2 * 60 * 1000;

/** Who asks for a payment: the call's Idempotency-Key, its log, and the release of the page that asked (X-Release). */
export interface PaymentCaller<K = IntentKey> {
  key: K | null;
  log: FastifyBaseLogger;
  releaseId: number | null;
  /** The draft a release preview shows, whose new offers it sells (catalog/repository.ts PreviewDraft); null outside one. */
  previewDraftId: number | null;
}

export interface IntentRequest<R> {
  call: string;
  userId: string | null;
  key: IntentKey | null;
  /** The release of the page that asked, kept with the intent and what it records. */
  releaseId: number | null;
  /** What is charged today. */
  amountCents: number;
  plan: IntentPlan<R>;
  /** Runs in the transaction that records the intent: what the purchase uses up (throws to refuse). */
  reserve?(trx: Transaction<Database>): Promise<void>;
}

export const paymentUnconfirmed = () =>
  new CallError(
    ErrorCode.DUPLICATE_REQUEST,
    'We could not confirm your payment yet. Please wait a minute, ' +
      'then check your account before trying again: you will not be charged twice.',
    MessageKey.requestInProgress,
  );
export const paymentNotTaken = () =>
  new CallError(ErrorCode.SCRIPT_FAILED, 'Your payment did not go through, and you have not been charged. Please try again.');
export const purchaseReversed = () =>
  new CallError(
    ErrorCode.SCRIPT_FAILED,
    'We could not complete your purchase, so your payment was cancelled and you have not been charged. ' +
      'Please try again, or contact customer support if this persists.',
  );

const fromWire = (f: CallFailure) => new CallError(f.code, f.error, f.messageKey, f.processorCode);

type By = 'request' | 'reconciliation';
const leaseMs = (s: PaymentServices) => s.intentLeaseMs ?? INTENT_LEASE_MS;

/** Records the intent, makes its charges and records the purchase; see the module comment. */
export async function payWithIntent<R, A>(
  s: PaymentServices,
  def: IntentKindDefinition<R, A>,
  request: IntentRequest<R>,
  log: FastifyBaseLogger,
): Promise<A> {
  const now = s.now();
  const intent = await s.db.transaction().execute(async (trx) => {
    await request.reserve?.(trx);
    return insertIntent(trx, {
      id: newId(),
      kind: def.kind,
      call: request.call,
      userId: request.userId,
      key: request.key,
      releaseId: request.releaseId,
      gateway: s.gateway.name,
      amountCents: request.amountCents,
      plan: request.plan,
      leaseUntil: new Date(now.getTime() + leaseMs(s)),
      now,
    });
  });

  let charged = nothingCharged();
  for (const charge of request.plan.charges) {
    let made: GatewayResult<Charged>;
    try {
      made = await makeCharge(s.gateway, intent.id, charge, now);
    } catch (error) {
      log.warn({ err: error, intentId: intent.id }, 'the payment gateway did not answer a charge: reconciliation will settle it');
      throw paymentUnconfirmed();
    }
    if (!made.ok) {
      const refusal = gatewayFailure(made.failure, 'charge');
      await giveUp(s, def, intent, charged, { error: refusal, refusal: made.failure, by: 'request' }, log);
      throw refusal;
    }
    charged = { subscription: made.value.subscription ?? charged.subscription, sale: made.value.sale ?? charged.sale };
  }
  return finish(s, def, intent, charged, 'request', log);
}

/**
 * What a call answers for an intent made earlier under its Idempotency-Key: the completed
 * intent's answer, the refusal it ended with, or — for an open one whose request died — the
 * outcome reconciliation finds now.
 */
export async function answerOf<R, A>(
  s: PaymentServices,
  def: IntentKindDefinition<R, A>,
  intent: Intent<R>,
  log: FastifyBaseLogger,
): Promise<A> {
  let current = intent;
  if (current.status === 'open') {
    const now = s.now();
    // Still the request's to finish, or taken by another resolver: its answer is not known yet.
    if (current.lease_until.getTime() > now.getTime() || !(await claimIntent(s.db, current.id, now, leaseMs(s))))
      throw paymentUnconfirmed();
    try {
      current = await resolveIntent(s, def, current, log);
    } catch (error) {
      log.warn({ err: error, intentId: current.id }, 'an open payment could not be reconciled yet');
      throw paymentUnconfirmed();
    }
    if (current.status === 'open') throw paymentUnconfirmed();
  }
  if (current.status === 'completed') return def.answerAgain ? def.answerAgain(s.db, current) : (current.answer as A);
  throw fromWire(current.failure ?? failureOnWire(paymentNotTaken()));
}

/** The answer of the intent made earlier under this Idempotency-Key (and part), when there is one. */
export async function answerOfEarlier<R, A>(
  s: PaymentServices,
  def: IntentKindDefinition<R, A>,
  key: IntentKey | null,
  log: FastifyBaseLogger,
): Promise<{ found: false } | { found: true; answer: A }> {
  const earlier = key ? await intentForKey<R>(s.db, key) : undefined;
  return earlier ? { found: true, answer: await answerOf(s, def, earlier, log) } : { found: false };
}

/**
 * Before a parent's new payment: their intents whose requests died are reconciled first, so
 * "already subscribed" counts what those did. One still being made answers "in progress".
 */
export async function settleOpenIntentsOf(s: PaymentServices, userId: string, log: FastifyBaseLogger): Promise<void> {
  for (const intent of await openIntentsOf(s.db, userId)) await answerOf(s, s.intentKinds[intent.kind], intent, log).catch(ignoreRefusal);
}

/** An ended intent's refusal is its own request's answer, not this one's; "not confirmed yet" is this one's too. */
const ignoreRefusal = (error: unknown) => {
  if (error instanceof CallError && error.messageKey !== MessageKey.requestInProgress) return;
  throw error;
};

/**
 * Settles an intent this caller has claimed: asks the gateway what it holds under the intent's
 * id, completes the intent when every charge is there, else gives back what is (a charge
 * without its pair) and closes it. Throws when the gateway cannot be reached (the intent stays open).
 */
export async function resolveIntent<R, A>(
  s: PaymentServices,
  def: IntentKindDefinition<R, A>,
  intent: Intent<R>,
  log: FastifyBaseLogger,
): Promise<Intent<R>> {
  const found = await findCharges(s.gateway, intent.id, intent.plan.charges, s.now());
  if (intent.plan.charges.every((charge) => isCharged(charge, found))) {
    await finish(s, def, intent, found, 'reconciliation', log).catch((error: unknown) => {
      if (!(error instanceof CallError) || error.messageKey === MessageKey.requestInProgress) throw error;
    });
  } else {
    const declined = found.sale && (found.sale.status === 'declined' || found.sale.status === 'failed') ? found.sale : null;
    const refusal: GatewayFailure | undefined = declined
      ? {
          kind: declined.status === 'failed' ? 'failed' : 'processorDeclined',
          code: declined.processorResponseCode ?? '2000',
          text: declined.processorResponseText ?? '',
        }
      : undefined;
    await giveUp(
      s,
      def,
      intent,
      found,
      { error: refusal ? gatewayFailure(refusal, 'charge') : paymentNotTaken(), ...(refusal ? { refusal } : {}), by: 'reconciliation' },
      log,
    );
  }
  const after = (await findIntent<R>(s.db, intent.id))!;
  if (after.status !== 'open')
    log.warn(
      {
        intentId: after.id,
        call: after.call,
        userId: after.user_id,
        amountCents: after.amount_cents,
        status: after.status,
        ...outcomeOf(found),
      },
      `payment intent ${after.status} by reconciliation`,
    );
  return after;
}

/**
 * The intent's charges are made: end the plan it replaces, then record the purchase and
 * complete the intent in one transaction. When our side cannot, the charges are given back.
 */
async function finish<R, A>(
  s: PaymentServices,
  def: IntentKindDefinition<R, A>,
  intent: Intent<R>,
  charged: Charged,
  by: By,
  log: FastifyBaseLogger,
): Promise<A> {
  const now = s.now();
  if (intent.plan.replaces) {
    let ended: GatewayResult<GatewaySubscription>;
    try {
      ended = await s.gateway.cancelSubscription({ subscriptionId: intent.plan.replaces, now });
    } catch (error) {
      log.warn({ err: error, intentId: intent.id }, 'the payment gateway did not answer: the replaced plan is still to be cancelled');
      throw paymentUnconfirmed();
    }
    if (!ended.ok && !isAlreadyCancelled(ended.failure)) {
      // Never two renewing plans: the new one goes, the parent keeps the old.
      const error = gatewayFailure(ended.failure, 'charge');
      await giveUp(s, def, intent, charged, { error, by }, log);
      throw error;
    }
  }

  let recorded: { answer: A } | { resolved: Intent<R> };
  try {
    recorded = await s.db.transaction().execute(async (trx) => {
      const current = await lockIntent<R>(trx, intent.id);
      if (current.status !== 'open') return { resolved: current };
      const answer = await def.complete(trx, current, charged, now);
      await resolveIntentRow(trx, intent.id, {
        status: 'completed',
        by,
        outcome: outcomeOf(charged),
        answer: def.answerAgain ? null : answer,
        now,
      });
      return { answer };
    });
  } catch (error) {
    log.error(
      { err: error, intentId: intent.id, ...outcomeOf(charged) },
      'a payment made at the gateway could not be recorded: it is given back',
    );
    const reversed = purchaseReversed();
    await giveUp(s, def, intent, charged, { error: reversed, by }, log);
    throw reversed;
  }
  if ('answer' in recorded) return recorded.answer;

  // Reconciliation settled the intent while this request was still charging (it outlived its lease).
  if (recorded.resolved.status === 'completed') return answerOf(s, def, recorded.resolved, log);
  if (holdsMoney(charged)) {
    try {
      await giveBack(s, intent, charged, log);
    } catch (error) {
      // Closed, yet money is held: open again, so reconciliation finds the charge and settles it.
      await reopenIntent(s.db, intent.id, s.now());
      throw error;
    }
  }
  throw fromWire(recorded.resolved.failure ?? failureOnWire(paymentNotTaken()));
}

interface Ending {
  /** What the call answers (kept with the intent for a repeated request). */
  error: CallError;
  /** The gateway's refusal of a charge, for the kind's record of it. */
  refusal?: GatewayFailure;
  by: By;
}

/** Gives back whatever the intent charged, then closes it as failed (nothing was charged) or reversed. */
async function giveUp<R, A>(
  s: PaymentServices,
  def: IntentKindDefinition<R, A>,
  intent: Intent<R>,
  charged: Charged,
  ending: Ending,
  log: FastifyBaseLogger,
): Promise<void> {
  const reversing = holdsMoney(charged);
  if (reversing) await giveBack(s, intent, charged, log);
  const now = s.now();
  await s.db.transaction().execute(async (trx) => {
    const current = await lockIntent<R>(trx, intent.id);
    if (current.status !== 'open') return;
    await def.release?.(trx, current, now);
    if (ending.refusal) await def.refused?.(trx, current, ending.refusal, now);
    await resolveIntentRow(trx, intent.id, {
      status: reversing ? 'reversed' : 'failed',
      by: ending.by,
      outcome: outcomeOf(charged),
      failure: failureOnWire(ending.error),
      now,
    });
  });
}

/** Reverses the charges; when the gateway will not, the intent stays open and the request does not know the outcome. */
async function giveBack(s: PaymentServices, intent: Intent, charged: Charged, log: FastifyBaseLogger): Promise<void> {
  let refusals: GatewayFailure[];
  try {
    refusals = await reverseCharges(s.gateway, charged, s.now());
  } catch (error) {
    log.warn({ err: error, intentId: intent.id }, 'the payment gateway did not answer a reversal: reconciliation will retry it');
    throw paymentUnconfirmed();
  }
  if (refusals.length > 0) {
    log.error(
      { intentId: intent.id, refusals, ...outcomeOf(charged) },
      'the payment gateway refused to give a charge back: an operator must refund it',
    );
    throw paymentUnconfirmed();
  }
}
