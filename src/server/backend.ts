/**
 * The reference backend's parts, wired once per server: the handler of every call, sessions,
 * rate limits (PostgreSQL or Redis), the captcha verifier, the payment gateway, idempotency
 * keys, the outbox and its dispatcher.
 * buildServer (app.ts) mounts them under /api; tests build them against their own database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimitName } from '../contract/index.ts';
import { createAccountCache } from './accounts/accountCache.ts';
import { accountHandlers } from './accounts/handlers.ts';
import { readCatalogRows } from './accounts/repository.ts';
import { type AccountServices, DEFAULT_SIGNUP_CAPTCHA_ACTIONS } from './accounts/services.ts';
import { type CaptchaConfig, type CaptchaVerifier, createCaptchaVerifier } from './auth/captcha.ts';
import { createPasswordHasher, type ScryptParams } from './auth/passwords.ts';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStore,
  createSqlRateLimitStore,
  type RateLimiter,
  type RateLimitPolicy,
  type RateLimitStore,
} from './auth/rateLimits.ts';
import { createSessionStore } from './auth/sessions.ts';
import { cachedCatalogRead } from './catalog/cache.ts';
import { catalogHandlers } from './catalog/handlers.ts';
import { codesHandlers } from './codes/handlers.ts';
import type { Database } from './db/types.ts';
import { createEmailRenderer, type EmailRenderer } from './email/render.ts';
import { type EmailTexts, loadEmailTexts } from './email/texts.ts';
import type { Handlers } from './functions.ts';
import { createLogOutboxAdapter } from './outbox/logAdapter.ts';
import { createOutboxDispatcher, type OutboxAdapter, type OutboxDispatcher } from './outbox/outbox.ts';
import { createPaymentGateway, gatewayFromSettings, type PaymentGatewaySettings } from './payments/createGateway.ts';
import { createDeclineLimits } from './payments/declineLimits.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { paymentHandlers } from './payments/handlers.ts';
import { createIdempotencyStore, type IdempotencyStore } from './payments/idempotency/store.ts';
import { paymentIntentKinds } from './payments/intentKinds.ts';
import { RECONCILE_EVERY_MS, type ReconcileSummary, reconcilePayments } from './payments/intents/reconcile.ts';

export type Environment = 'development' | 'test' | 'production';

export interface BackendSettings {
  /** production hides development conveniences (the reset link in the log) and skips output checks. */
  environment: Environment;
  /** The site's address, for links in emails (PUBLIC_URL). */
  publicUrl: string;
  sessionIdleDays: number;
  sessionMaxDays: number;
  captcha: CaptchaConfig;
  signupCaptcha: 'required' | 'optional';
  signupCaptchaActions: readonly string[];
  geoCountryHeader: string | null;
  /** Rate-limit counters in Redis instead of PostgreSQL. */
  redisUrl: string | null;
  /** Without Redis: counters in the database, or in memory when the database is PGlite (one process, one server). */
  rateLimitCounters: 'database' | 'memory';
  /** Start the outbox dispatcher loop (tests run it by hand). */
  dispatchOutbox: boolean;
  /** The payment gateway (PAYMENT_GATEWAY): the sandbox, or Braintree with its credentials. */
  paymentGateway: PaymentGatewaySettings;
  /** Where the copy (COPY_DIR: the emails' texts) and the funnels (FUNNELS_DIR: app.yaml's default language) are. */
  copyDir: string;
  funnelsDir: string;
}

export const defaultBackendSettings: BackendSettings = {
  environment: 'development',
  publicUrl: 'http://localhost:3000',
  sessionIdleDays: 30,
  sessionMaxDays: 365,
  captcha: { provider: 'local', recaptchaSecret: null, recaptchaMinScore: 0.5 },
  signupCaptcha: 'required',
  signupCaptchaActions: DEFAULT_SIGNUP_CAPTCHA_ACTIONS,
  geoCountryHeader: null,
  redisUrl: null,
  rateLimitCounters: 'database',
  dispatchOutbox: true,
  paymentGateway: { kind: 'sandbox' },
  copyDir: 'copy',
  funnelsDir: 'funnels',
};

/** What tests may replace. */
export interface BackendOverrides {
  passwordParams?: ScryptParams;
  rateLimitPolicies?: Partial<Record<RateLimitName, RateLimitPolicy>>;
  rateLimitStore?: RateLimitStore;
  outboxAdapter?: OutboxAdapter;
  captchaFetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Replace single handlers (wire-format tests). */
  handlers?: Partial<Handlers>;
  /** A payment gateway of the test's making instead of the settings' one. */
  paymentGateway?: PaymentGateway;
  /** Instead of the sandbox that release previews and their test accounts pay on (payments/previewPayments.ts). */
  previewGateway?: PaymentGateway;
  /** Shorter waits for the crash tests: intent leases, dead idempotency keys and locks, reconciliation runs. */
  paymentTimings?: { intentLeaseMs?: number; pendingTakeoverMs?: number; reconcileEveryMs?: number };
}

export interface Backend {
  handlers: Handlers;
  accounts: AccountServices;
  rateLimiter: RateLimiter;
  captcha: CaptchaVerifier;
  gateway: PaymentGateway;
  /** The sandbox: release previews and their test accounts pay on it whatever `gateway` is (payments/previewPayments.ts). */
  previewGateway: PaymentGateway;
  idempotency: IdempotencyStore;
  outbox: OutboxDispatcher;
  /** The server's emails as sent (subject and text in the account's language): what an email adapter sends. */
  emails: EmailRenderer;
  settings: BackendSettings;
  /** Settles the payment intents left open (payments/intents/reconcile.ts). */
  reconcile(): Promise<ReconcileSummary>;
  start(): void;
  close(): Promise<void>;
}

export async function createBackend(
  db: Kysely<Database>,
  settings: BackendSettings,
  log: FastifyBaseLogger,
  o: BackendOverrides = {},
  content: { emailTexts?: EmailTexts } = {},
): Promise<Backend> {
  const now = o.now ?? (() => new Date());
  // The live release's (src/server/app.ts), else the copy folder's.
  const emailTexts = content.emailTexts ?? loadEmailTexts({ copyDir: settings.copyDir, funnelsDir: settings.funnelsDir });
  const emails = createEmailRenderer(emailTexts, { publicUrl: settings.publicUrl });
  const captcha = createCaptchaVerifier(settings.captcha, o.captchaFetch);
  const sessions = createSessionStore(db, { idleDays: settings.sessionIdleDays, maxDays: settings.sessionMaxDays, now });
  const catalogRows = cachedCatalogRead(() => readCatalogRows(db));
  const accounts: AccountServices = {
    db,
    passwords: createPasswordHasher(o.passwordParams),
    sessions,
    captcha,
    now,
    accountCache: createAccountCache(),
    catalogRows: () => catalogRows('all'),
    settings: {
      signupCaptcha: settings.signupCaptcha,
      signupCaptchaActions: settings.signupCaptchaActions,
      geoCountryHeader: settings.geoCountryHeader,
      get locales() {
        return emailTexts.locales;
      },
    },
  };
  const store = o.rateLimitStore ?? (await createRateLimitStore(db, settings));
  const rateLimiter = createRateLimiter({
    store,
    ...(o.rateLimitPolicies ? { policies: o.rateLimitPolicies } : {}),
    ...(o.sleep ? { sleep: o.sleep } : {}),
    now,
    onStoreError: (error) => log.warn({ err: error }, 'a rate-limit slot could not be given back'),
  });
  const outbox = createOutboxDispatcher({
    db,
    adapter: o.outboxAdapter ?? createLogOutboxAdapter({ log, development: settings.environment !== 'production', emails }),
    onError: (error, message) =>
      log.warn({ err: error, outboxId: message?.id, kind: message?.kind, name: message?.name }, 'outbox delivery failed'),
    now,
  });

  const gateway = o.paymentGateway ?? gatewayFromSettings(settings.paymentGateway, db, now);
  const previewGateway = o.previewGateway ?? createPaymentGateway({ kind: 'sandbox', db, now });
  const timings = o.paymentTimings ?? {};
  const idempotency = createIdempotencyStore(db, {
    now,
    ...(o.sleep ? { sleep: o.sleep } : {}),
    ...(timings.pendingTakeoverMs ? { pendingTakeoverMs: timings.pendingTakeoverMs } : {}),
  });
  const payments = {
    db,
    gateway,
    captcha,
    declineLimits: createDeclineLimits({ store, now }),
    locks: idempotency,
    now,
    intentKinds: paymentIntentKinds,
    ...(timings.intentLeaseMs ? { intentLeaseMs: timings.intentLeaseMs } : {}),
  };

  const byGateway = { live: payments, sandbox: { ...payments, gateway: previewGateway } };

  const handlers: Handlers = {
    ...accountHandlers(accounts),
    ...catalogHandlers(db, now),
    ...codesHandlers(db, now),
    ...paymentHandlers(byGateway),
    ...o.handlers,
  };

  let reconciling: Promise<ReconcileSummary> | null = null;
  const reconcile = () => (reconciling ??= reconcilePayments(byGateway, log).finally(() => (reconciling = null)));
  let maintenance: NodeJS.Timeout | null = null;
  let reconciliation: NodeJS.Timeout | null = null;
  return {
    handlers,
    accounts,
    rateLimiter,
    captcha,
    gateway,
    previewGateway,
    idempotency,
    outbox,
    emails,
    settings,
    reconcile,
    start() {
      // Payments left open by a crash are settled at start, then at every interval.
      const settle = () => void reconcile().catch((error: unknown) => log.warn({ err: error }, 'payment reconciliation failed'));
      settle();
      reconciliation = setInterval(settle, timings.reconcileEveryMs ?? RECONCILE_EVERY_MS);
      reconciliation.unref();
      if (!settings.dispatchOutbox) return;
      outbox.start();
      // Ended sessions and expired idempotency keys are deleted hourly (on each instance: the deletes are idempotent).
      maintenance = setInterval(
        () => {
          void sessions.purgeExpired().catch((error: unknown) => log.warn({ err: error }, 'session purge failed'));
          void idempotency.purgeExpired().catch((error: unknown) => log.warn({ err: error }, 'idempotency key purge failed'));
        },
        60 * 60 * 1000,
      );
      maintenance.unref();
    },
    async close() {
      if (reconciliation) clearInterval(reconciliation);
      await reconciling?.catch(() => {});
      if (maintenance) clearInterval(maintenance);
      await outbox.stop();
      await store.close?.();
    },
  };
}

async function createRateLimitStore(db: Kysely<Database>, settings: BackendSettings): Promise<RateLimitStore> {
  if (settings.redisUrl) return createRedisRateLimitStore(settings.redisUrl);
  return settings.rateLimitCounters === 'memory' ? createMemoryRateLimitStore() : createSqlRateLimitStore(db);
}
