/**
 * Reconciliation: every payment intent still open after its lease (its request died, or the
 * gateway's answer never came) is settled against the gateway by the intent's id — completed
 * when its charges are there, given back when only some are or our side cannot record them,
 * failed when there is none. The server runs it at start and every RECONCILE_EVERY_MS on each
 * instance (intents are claimed, so two instances never settle one twice); `npm run reconcile`
 * runs it by hand. Each repair is logged at warn level.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { IntentStatus } from '../../db/types.ts';
import { type PaymentServicesByGateway, paymentServicesOfGateway } from '../previewPayments.ts';
import { claimIntent, dueIntents, findIntent } from './repository.ts';
import { INTENT_LEASE_MS, resolveIntent } from './run.ts';

export const RECONCILE_EVERY_MS = 60 * 1000;
/** At most this many intents per run: a backlog is worked off over several runs. */
const BATCH = 200;

export interface ReconciledIntent {
  id: string;
  call: string;
  userId: string | null;
  amountCents: number;
  /** open: not settled this time (the gateway did not answer, or the parent is paying right now). */
  status: IntentStatus;
  reason?: string;
}

export interface ReconcileSummary {
  at: string;
  intents: ReconciledIntent[];
  completed: number;
  failed: number;
  reversed: number;
  open: number;
}

/** Each intent is settled on the gateway it was made on: the live one, or the sandbox of previews (../previewPayments.ts). */
export async function reconcilePayments(byGateway: PaymentServicesByGateway, log: FastifyBaseLogger): Promise<ReconcileSummary> {
  const s = byGateway.live;
  const at = s.now();
  const intents: ReconciledIntent[] = [];
  for (const due of await dueIntents(s.db, at, BATCH)) {
    const settle = async (): Promise<ReconciledIntent | null> => {
      // Taken by a request of the parent or another instance since it was listed: theirs.
      if (!(await claimIntent(s.db, due.id, s.now(), s.intentLeaseMs ?? INTENT_LEASE_MS))) return null;
      const intent = (await findIntent(s.db, due.id))!;
      const on = paymentServicesOfGateway(byGateway, intent.gateway);
      const after = await resolveIntent(on, on.intentKinds[intent.kind], intent, log);
      return { id: after.id, call: after.call, userId: after.user_id, amountCents: after.amount_cents, status: after.status };
    };
    try {
      // Under the parent's payment lock, so no purchase of theirs runs meanwhile; busy means they are paying: next run.
      const settled = due.user_id ? await s.locks.lockAccount(due.user_id, settle, { waitMs: 0 }) : await settle();
      if (settled) intents.push(settled);
    } catch (error) {
      const intent = await findIntent(s.db, due.id);
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, intentId: due.id }, 'a payment intent could not be reconciled yet');
      if (intent)
        intents.push({
          id: intent.id,
          call: intent.call,
          userId: intent.user_id,
          amountCents: intent.amount_cents,
          status: intent.status,
          reason,
        });
    }
  }
  const count = (status: IntentStatus) => intents.filter((i) => i.status === status).length;
  return {
    at: at.toISOString(),
    intents,
    completed: count('completed'),
    failed: count('failed'),
    reversed: count('reversed'),
    open: count('open'),
  };
}

/** One line for operators: "Reconciled 3 payment intents: 1 completed, 1 failed, 1 reversed, 0 still open." */
export function describeReconcile(summary: ReconcileSummary): string {
  const total = summary.intents.length;
  if (total === 0) return `No open payment intents due at ${summary.at}: nothing to reconcile.`;
  return (
    `Reconciled ${total} payment intent${total === 1 ? '' : 's'}: ` +
    `${summary.completed} completed, ${summary.failed} failed, ${summary.reversed} reversed, ${summary.open} still open.`
  );
}
