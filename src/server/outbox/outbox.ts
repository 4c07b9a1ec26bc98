/**
 * The outbox: emails, CRM updates, conversion events and analytics are written to the `outbox`
 * table in the same transaction as the change that caused them, then delivered by a
 * dispatcher to an adapter (the log by default). A failed delivery is retried with backoff;
 * several instances share the table safely (rows are claimed with FOR UPDATE SKIP LOCKED and
 * a claim deadline, so a crashed instance's claims are picked up again).
 *
 * A message may carry one `secret` its delivery needs (the token of a password-reset link, the
 * codes a purchase gave); it is kept apart from the payload and erased once the message is delivered.
 */
import type { Kysely } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Db } from '../db/transaction.ts';
import type { Database, OutboxKind } from '../db/types.ts';
import {
  claimDueMessages,
  insertOutboxMessage,
  isTestAccount,
  markMessageDelivered,
  type OutboxDelivery,
  scheduleMessageRetry,
} from './repository.ts';

export type { OutboxDelivery } from './repository.ts';

/** What goes out, by kind (the table's `kind`) and name. */
export const outboxMessages = {
  accountCreated: { kind: 'analytics', name: 'account.created' },
  passwordResetEmail: { kind: 'email', name: 'passwordReset' },
  // Security notices (src/server/accounts/securityNotices.ts); each email's name is its texts' (src/compiler/emailTexts.ts).
  passwordChangedEmail: { kind: 'email', name: 'passwordChanged' },
  passwordResetDoneEmail: { kind: 'email', name: 'passwordResetDone' },
  emailChangedEmail: { kind: 'email', name: 'emailChanged' },
  emailChangedFromEmail: { kind: 'email', name: 'emailChangedFrom' },
  iterableUpdateEmail: { kind: 'crm', name: 'iterable.updateEmail' },
  iterableSetEmailPreferences: { kind: 'crm', name: 'iterable.setEmailPreferences' },
  iterableTrackEvent: { kind: 'analytics', name: 'iterable.trackEvent' },
  crmAddCustomer: { kind: 'crm', name: 'crm.addCustomer' },
  crmUpdateAfterAddClass: { kind: 'crm', name: 'crm.updateAfterAddClass' },
  conversionEvent: { kind: 'conversion', name: 'conversion.event' },
  contactRequestEmail: { kind: 'email', name: 'contactRequest' },
  codeRedeemed: { kind: 'analytics', name: 'code.redeemed' },
  codesPurchasedEmail: { kind: 'email', name: 'codesPurchased' },
} as const satisfies Record<string, { kind: OutboxKind; name: string }>;
export type OutboxMessageType = keyof typeof outboxMessages;

export interface OutboxMessage {
  type: OutboxMessageType;
  payload: Record<string, unknown>;
  /** A secret the delivery needs (a reset token): kept out of the payload, erased once delivered. */
  secret?: string;
  /** A second message with the same key is ignored. */
  dedupeKey?: string;
}

/** Where messages go: the log (default), or later an email provider, the CRM, the ads API. */
export interface OutboxAdapter {
  deliver(message: OutboxDelivery): Promise<void>;
}

/** Adds a message; pass the transaction of the change that causes it. */
/** The account a message is about: its `userId`, or the one an account-status event names. */
function userIdOf(payload: Record<string, unknown>): string | null {
  if (typeof payload.userId === 'string') return payload.userId;
  const fields = payload.dataFields as Record<string, unknown> | undefined;
  return typeof fields?.userId === 'string' ? fields.userId : null;
}

export async function enqueue(db: Db, message: OutboxMessage): Promise<void> {
  const { kind, name } = outboxMessages[message.type];
  // A test account's doings (docs/releases.md, "Previews") reach no CRM, analytics or ads API; its emails still go out.
  if (kind !== 'email' && (await isTestAccount(db, userIdOf(message.payload)))) return;
  await insertOutboxMessage(db, {
    id: newId(),
    kind,
    name,
    payload: message.payload,
    secret: message.secret ?? null,
    dedupeKey: message.dedupeKey ?? null,
  });
}

export interface OutboxDispatcher {
  /** Delivers what is due; answers how many were delivered. */
  runOnce(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Kysely<Database>;
  adapter: OutboxAdapter;
  onError?: (error: unknown, message: OutboxDelivery | null) => void;
  batchSize?: number;
  /** How long a claimed message is reserved for its instance. */
  claimSeconds?: number;
  now?: () => Date;
}

const MAX_BACKOFF_SECONDS = 60 * 60;

export function createOutboxDispatcher(o: DispatcherOptions): OutboxDispatcher {
  const now = o.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  const claim = async (): Promise<OutboxDelivery[]> => {
    const at = now();
    return claimDueMessages(o.db, { at, until: new Date(at.getTime() + (o.claimSeconds ?? 60) * 1000), limit: o.batchSize ?? 50 });
  };

  const runOnce = async () => {
    let delivered = 0;
    for (const message of await claim()) {
      try {
        await o.adapter.deliver(message);
        await markMessageDelivered(o.db, message.id, now());
        delivered++;
      } catch (error) {
        o.onError?.(error, message);
        const backoff = Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.min(message.attempts, 12) * 5);
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'delivery failed';
        await scheduleMessageRetry(o.db, message.id, {
          availableAt: new Date(now().getTime() + backoff * 1000),
          lastError: reason.slice(0, 500),
        });
      }
    }
    return delivered;
  };

  const tick = async () => {
    running = runOnce().catch((error: unknown) => {
      o.onError?.(error, null);
      return 0;
    });
    await running;
    running = null;
  };

  return {
    runOnce: () => (running ??= runOnce().finally(() => (running = null))),
    start(intervalMs = 2000) {
      if (timer) return;
      timer = setInterval(() => {
        if (!running) void tick();
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
