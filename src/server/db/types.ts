/**
 * The database as Kysely sees it: one interface per table, columns in snake_case as they are
 * in SQL. Money is integer cents (`*_cents`, USD); times are `timestamptz` (UTC), read back as
 * `Date`; ids are text (random, URL-safe: src/server/db/ids.ts). The tables are created by
 * src/server/db/migrations/ — a column added there is added here too.
 */
import type { ColumnType, Selectable } from 'kysely';

/** A `timestamptz` column: a Date when read; a Date or an ISO string when written. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A `timestamptz` column with a default (`now()`): optional when inserting. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `jsonb` column: parsed when read; written as JSON text (`JSON.stringify`) or a value. */
export type Json<T> = ColumnType<T, T | string, T | string>;
/** A column with a default: optional when inserting. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A release id (bigint: a checkout's release id is 48 bits of its hash); read as a string by pg, written as a number. */
export type ReleaseId = ColumnType<string | null, number | null | undefined, number | null>;

export const SUBSCRIPTION_DURATIONS = ['monthly', 'quarterly', '6Month', 'annual', '24Month', 'lifetime'] as const;
export type SubscriptionDuration = (typeof SUBSCRIPTION_DURATIONS)[number];
export const SUBSCRIPTION_TYPES = ['recurring', 'volumeLicense', 'gift', 'other'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const CLASS_TYPES = ['live', 'onDemand'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];
export const CODE_KINDS = ['coupon', 'comp', 'gift', 'volume', 'bulk'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
export const OUTBOX_KINDS = ['email', 'crm', 'conversion', 'analytics'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export const PAYMENT_TYPES = ['card', 'PayPal', 'ApplePay', 'GooglePay'] as const;
export const SUBSCRIPTION_STATUSES = ['Pending', 'Active', 'PastDue', 'Canceled', 'Expired'] as const;
export const SUBSCRIPTION_PRODUCTS = ['app', 'classes', 'addOn'] as const;
export const SUBSCRIPTION_SOURCES = ['purchase', 'comp', 'gift', 'volume', 'bulk', 'partner'] as const;
export const PAYMENT_STATUSES = ['pending', 'settled', 'declined', 'failed', 'refunded'] as const;
export const STORES = ['WebStore', 'SamsClub', 'AppleAppStore', 'GooglePlay', 'Amazon', 'Other'] as const;

// ---------------------------------------------------------------------------------------
// Accounts

export interface UsersTable {
  id: string;
  /** Lower-case; unique. */
  email: string;
  /** The password hash, self-describing (algorithm and parameters inside); never the password. */
  password_hash: string;
  partner: string | null;
  /** Signup answers: referral, age, gender, experience, attributionSource, utm, minervaLead... */
  signup: Json<Record<string, unknown>>;
  confirm_promo_emails: Defaulted<boolean>;
  /** ISO 3166 alpha-2 country, when known. */
  country: string | null;
  /** Made in a release preview (migration 018): pays on the sandbox, left out of the report. */
  test_data: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the session token: a copy of the table gives no working session. */
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  last_used_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  /** SHA-256 (hex) of the token mailed to the parent. */
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface EmailPreferencesTable {
  /** Lower-case. Keyed by email: GetSubscribedEmailLists asks by email, with or without an account. */
  email: string;
  user_id: string | null;
  marketing_message_channel: Defaulted<boolean>;
  parent_newsletter_messages: Defaulted<boolean>;
  updated_at: CreatedAt;
}

/** A change of a parent's email (migration 010), written with the change. Addresses lower-case. */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  old_email: string;
  new_email: string;
  changed_at: CreatedAt;
}

/**
 * The version of a parent's account (migration 011): raised by triggers whenever a subscription,
 * customer, payment method, payment, the email or the partner of the parent changes. No row: 0.
 */
export interface AccountVersionsTable {
  user_id: string;
  /** bigint: a string in JavaScript. */
  version: Defaulted<string>;
}

// ---------------------------------------------------------------------------------------
// Catalog (imported from funnels/catalog.yaml)

export interface PartnersTable {
  id: string;
  name: string;
  is_active: Defaulted<boolean>;
  /** Inactive and brought by this draft: sold in its preview only (migration 019). */
  preview_of: ReleaseId;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** What is sold, on which gateway plan, at which price and trial. */
export interface WebOffersTable {
  /** The offer's id (objectId / webOfferId). */
  id: string;
  /** The payment gateway's plan the offer bills on (several offers may share one). */
  plan_id: string;
  plan_name: string;
  plan_data_key: string;
  subscription_duration: SubscriptionDuration;
  price_cents: number;
  original_price_cents: number | null;
  trial_duration_days: Defaulted<number>;
  subscription_type: SubscriptionType;
  description_key: string;
  /** A web-offer promo code (not a CS/CV/GIFT/EDU code), canonical upper case; unique. */
  promo_code: string | null;
  offer_title: string | null;
  offer_subtitle: string | null;
  is_active: Defaulted<boolean>;
  is_default_offer: Defaulted<boolean>;
  /** Months a gift or volume licence gives; -1 = lifetime. */
  gift_months: number | null;
  /** Plan-selector tags (GetDefaultPlans tag): default, 30daytrial, ... */
  tags: Defaulted<string[]>;
  partner: string | null;
  has_classes: Defaulted<boolean>;
  /** Set for the class funnels' offers (GetMinervaOffers). */
  class_type: ClassType | null;
  max_child_profiles: Defaulted<number>;
  parent_portal_enabled: Defaulted<boolean>;
  /** Display order within a list (the YAML order). */
  sort_order: Defaulted<number>;
  /** Inactive and brought by this draft: sold in its preview only (migration 019). */
  preview_of: ReleaseId;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Classes existing subscribers add. */
export interface ClassAddOnsTable {
  id: string;
  plan_id: string;
  name: string;
  classes_per_month: number;
  /** Monthly price after the promo. */
  price_cents: number;
  /** What is charged today. */
  today_price_cents: number;
  promo_days: number;
  is_active: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A bulk-purchase campaign (Girl Scouts councils...): whom codes are sold to, at what seat price. */
export interface BulkCampaignsTable {
  id: string;
  name: string;
  organization: string | null;
  web_offer_id: string | null;
  price_per_seat_cents: number | null;
  is_active: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

// ---------------------------------------------------------------------------------------
// Codes

/** One creation of codes: a CLI run, a volume or bulk purchase, the demo seed. */
export interface CodeBatchesTable {
  id: string;
  kind: CodeKind;
  quantity: number;
  web_offer_id: string | null;
  comp_months: number | null;
  expires_at: Timestamp | null;
  campaign_id: string | null;
  /** cli, admin (the CLI through the server), demo, purchase */
  source: string;
  purchaser_email: string | null;
  payment_id: string | null;
  note: string | null;
  created_at: CreatedAt;
}

/**
 * A single-use code: coupon CS…, comp CSCP…, volume licence CV…, gift GIFT…, bulk
 * EDU…. Stored canonical: upper case, without dashes or spaces.
 */
export interface CodesTable {
  code: string;
  kind: CodeKind;
  batch_id: string | null;
  web_offer_id: string | null;
  /** Months of access it gives (comp, gift, volume, bulk); -1 = lifetime; null = the offer's. */
  comp_months: number | null;
  expires_at: Timestamp | null;
  redeemed_at: Timestamp | null;
  redeemed_by_user_id: string | null;
  created_at: CreatedAt;
}

// ---------------------------------------------------------------------------------------
// Billing

export interface CustomersTable {
  id: string;
  user_id: string;
  /** sandbox or braintree */
  gateway: string;
  gateway_customer_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A vaulted payment method: the gateway's token and what may be shown, never a card number. */
export interface PaymentMethodsTable {
  id: string;
  customer_id: string;
  gateway_token: string;
  payment_type: (typeof PAYMENT_TYPES)[number];
  card_type: string | null;
  last4: string | null;
  expiration_month: number | null;
  expiration_year: number | null;
  paypal_email: string | null;
  is_default: Defaulted<boolean>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string | null;
  web_offer_id: string | null;
  class_add_on_id: string | null;
  product: (typeof SUBSCRIPTION_PRODUCTS)[number];
  status: (typeof SUBSCRIPTION_STATUSES)[number];
  store: Defaulted<(typeof STORES)[number]>;
  price_cents: number;
  trial_duration_days: Defaulted<number>;
  first_billing_date: Timestamp | null;
  next_billing_date: Timestamp | null;
  term_expires_at: Timestamp | null;
  comp_expires_at: Timestamp | null;
  gift_expires_at: Timestamp | null;
  is_lifetime: Defaulted<boolean>;
  is_gifted: Defaulted<boolean>;
  source: (typeof SUBSCRIPTION_SOURCES)[number];
  /** The code redeemed for it (comp, gift, volume, bulk, coupon). */
  code: string | null;
  gateway_subscription_id: string | null;
  payment_method_id: string | null;
  partner: string | null;
  canceled_at: Timestamp | null;
  cancel_reason: string | null;
  /** The release of the page it was bought on (migration 017). */
  release_id: ReleaseId;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PaymentsTable {
  id: string;
  user_id: string | null;
  customer_id: string | null;
  subscription_id: string | null;
  payment_method_id: string | null;
  amount_cents: number;
  currency: Defaulted<string>;
  status: (typeof PAYMENT_STATUSES)[number];
  description: string;
  gateway_transaction_id: string | null;
  processor_response_code: string | null;
  processor_response_text: string | null;
  /** The release of the page that paid (migration 017); null for renewals. */
  release_id: ReleaseId;
  created_at: CreatedAt;
}

// ---------------------------------------------------------------------------------------
// Side effects and infrastructure

/** Emails, CRM updates, conversion and analytics events, written in the same transaction as their cause. */
export interface OutboxTable {
  id: string;
  kind: OutboxKind;
  /** What to send: a template name, an event name... */
  name: string;
  payload: Json<Record<string, unknown>>;
  /** When set, a second enqueue with the same key is ignored. */
  dedupe_key: string | null;
  created_at: CreatedAt;
  available_at: CreatedAt;
  attempts: Defaulted<number>;
  locked_until: Timestamp | null;
  processed_at: Timestamp | null;
  last_error: string | null;
  /** A secret the delivery needs (a reset token); erased once delivered (migration 006). */
  secret: string | null;
}

/** One per charge-creating call's idempotency key: a retry answers the stored response. */
export interface IdempotencyKeysTable {
  /** The call name and the caller (user id or 'anonymous'). */
  scope: string;
  key: string;
  /** SHA-256 of the request parameters: the same key with other parameters is refused. */
  request_hash: string;
  /** pending while the first request runs; completed once its response is stored. */
  status: string;
  response: Json<unknown> | null;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
  expires_at: Timestamp;
}

export const INTENT_KINDS = ['purchase', 'addOn', 'upgrade', 'pastDue', 'bulk'] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];
export const INTENT_STATUSES = ['open', 'completed', 'failed', 'reversed'] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

/**
 * A charge-creating call's intent, written before the gateway is called (migration 009,
 * src/server/payments/intents/). Its id is the gateway's reference: the order id of its sale,
 * the id of its subscription.
 */
export interface PaymentIntentsTable {
  id: string;
  kind: IntentKind;
  /** The contract call that asked (PurchaseSubscription...), for operators. */
  call: string;
  user_id: string | null;
  idempotency_scope: string | null;
  idempotency_key: string | null;
  /** What of the call this intent pays for, when one call pays for several ('' otherwise). */
  part: Defaulted<string>;
  gateway: string;
  /** What is charged today (0 for a trial). */
  amount_cents: number;
  status: IntentStatus;
  /** The charges to make and how to record them (intents/plan.ts). */
  plan: Json<unknown>;
  /** What the gateway did: the subscription and transaction ids. */
  outcome: Json<unknown> | null;
  /** The call's answer once completed. */
  answer: Json<unknown> | null;
  /** The refusal a failed or reversed intent answers (code, error, messageKey...). */
  failure: Json<unknown> | null;
  /** Until then the request that made it may still finish it; after, reconciliation does. */
  lease_until: Timestamp;
  /** Reconciliation runs that could not resolve it (the gateway did not answer). */
  attempts: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  resolved_at: Timestamp | null;
  resolved_by: 'request' | 'reconciliation' | null;
  /** The release of the page that asked (migration 017). */
  release_id: ReleaseId;
}

/** Fixed-window counters, shared by every server instance. */
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: Defaulted<number>;
  expires_at: Timestamp;
}

/** Requests from forms without a purchase (Girl Scouts councils, coding events). */
export interface ContactRequestsTable {
  id: string;
  kind: string;
  email: string;
  payload: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

// ---------------------------------------------------------------------------------------
// The sandbox payment gateway's own records (migration 008; src/server/payments/sandbox/):
// what Braintree would keep in its vault and ledger. Never read by the product's calls.

export interface SandboxCustomersTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: CreatedAt;
}

export interface SandboxPaymentMethodsTable {
  token: string;
  customer_id: string;
  /** The test nonce it was vaulted from (which decides how it behaves). */
  nonce: string;
  payment_type: (typeof PAYMENT_TYPES)[number];
  card_type: string | null;
  last4: string | null;
  expiration_month: number | null;
  expiration_year: number | null;
  paypal_email: string | null;
  /** The card's identity (Braintree's uniqueNumberIdentifier): the duplicate check compares it. */
  unique_number_identifier: string | null;
  is_default: Defaulted<boolean>;
  created_at: CreatedAt;
}

export interface SandboxSubscriptionsTable {
  id: string;
  payment_method_token: string;
  plan_id: string;
  price_cents: number;
  trial_duration_days: Defaulted<number>;
  billing_frequency_months: number;
  status: (typeof SUBSCRIPTION_STATUSES)[number];
  first_billing_date: Timestamp;
  /** The date of the charge that is due next (still due while PastDue). */
  next_billing_date: Timestamp;
  paid_through_date: Timestamp | null;
  /** Billing periods paid for: the next date is first_billing_date + this × the frequency. */
  billing_cycles_charged: Defaulted<number>;
  /** Charges refused since the last one that settled. */
  failed_attempts: Defaulted<number>;
  /** PastDue: when the billing run tries the charge again (null: no more automatic retries). */
  retry_at: Timestamp | null;
  canceled_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SandboxTransactionsTable {
  id: string;
  subscription_id: string | null;
  payment_method_token: string;
  amount_cents: number;
  status: 'settled' | 'declined' | 'failed' | 'voided' | 'refunded';
  processor_response_code: string | null;
  processor_response_text: string | null;
  order_id: string | null;
  created_at: Timestamp;
}

// ---------------------------------------------------------------------------------------
// Experiments and the conversion report (migration 012)

export const CONVERSION_KINDS = ['signup', 'trial', 'purchase', 'redemption'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

/** A visitor's first exposure to an experiment: the variant they were assigned (one row per experiment and visitor). */
export interface ExperimentExposuresTable {
  experiment: string;
  visitor_id: string;
  variant: string;
  first_seen_at: CreatedAt;
  /** The release the page was on (migration 016); null when it named none. */
  release_id: ReleaseId;
}

/** A visitor's first view of a funnel's screen; `step` is the screen's place in its funnel (0 first). */
export interface FunnelStepViewsTable {
  funnel: string;
  screen: string;
  visitor_id: string;
  step: number;
  first_seen_at: CreatedAt;
  /** The release the page was on (migration 016); null when it named none. */
  release_id: ReleaseId;
}

/** A visitor's UTM touches as the browser last reported them. */
export interface VisitorsTable {
  visitor_id: string;
  first_touch: Json<Record<string, string> | null>;
  last_touch: Json<Record<string, string> | null>;
  first_seen_at: CreatedAt;
  last_seen_at: CreatedAt;
}

/** A sign-up, trial start, purchase or redemption the backend saw, with who and where it came from. */
export interface ConversionsTable {
  id: string;
  kind: ConversionKind;
  /** The visitor id cookie of the request (null when the browser sent none). */
  visitor_id: string | null;
  user_id: string | null;
  partner: string | null;
  /** The code's campaign: its batch (or bulk campaign), or the promo code itself. */
  code_campaign: string | null;
  /** What was charged today (0 for a trial or a free redemption). */
  revenue_cents: Defaulted<number>;
  utm_first_touch: Json<Record<string, string> | null>;
  utm_last_touch: Json<Record<string, string> | null>;
  /** The release the page was on (migration 016); null when it named none. */
  release_id: ReleaseId;
  /** Made in a release preview or by a test account (migration 018): left out of the report. */
  test_data: Defaulted<boolean>;
  created_at: CreatedAt;
}

// ---------------------------------------------------------------------------------------
// Operators of the experiments report (migration 013)

export interface OperatorsTable {
  id: string;
  /** Lower-case; unique. */
  email: string;
  /** The same self-describing scrypt hash as parents' passwords (src/server/auth/passwords.ts). */
  password_hash: string;
  /** What the operator may do with releases (migration 015): an editor makes drafts; a publisher also publishes and rolls back. */
  role: Defaulted<OperatorRole>;
  created_at: CreatedAt;
}

export const OPERATOR_ROLES = ['editor', 'publisher'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface OperatorSessionsTable {
  /** SHA-256 (hex) of the session cookie's token. */
  token_hash: string;
  operator_id: string;
  /** The token the session's forms (logout) carry in a hidden field. */
  csrf_token: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

// ---------------------------------------------------------------------------------------
// Keys the server instances share (migration 014)

export interface ServerKeysTable {
  name: string;
  /** 32 random bytes, base64url. */
  secret: string;
  created_at: CreatedAt;
}

// ---------------------------------------------------------------------------------------
// Releases of funnels/ and copy/ (migration 015, docs/releases.md)

export const RELEASE_SOURCES = ['cli', 'studio', 'deploy'] as const;
export type ReleaseSourceKind = (typeof RELEASE_SOURCES)[number];
/** `studio-workspace` and `studio-save` (migration 020): a studio workspace made, a file of one saved. */
export const RELEASE_ACTIONS = ['publish', 'rollback', 'draft', 'deploy', 'delete-draft', 'studio-workspace', 'studio-save'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

/** An immutable snapshot of the checkout's funnels/ and copy/: never updated but for a draft's publish or deletion. */
export interface ReleasesTable {
  id: ColumnType<number, never, never>;
  /** The release live when this one was made live, or for a draft the release it was made from (null for the first). */
  parent_id: number | null;
  /** The operator's email, or `deploy` / the system user of a CLI on this machine. */
  author: string;
  created_at: CreatedAt;
  message: Defaulted<string>;
  source: ReleaseSourceKind;
  /** Path from the project root (`funnels/signup.yaml`) → the file's text. */
  files: Json<Record<string, string>>;
  /** SHA-256 of the files (src/server/releases/files.ts), to tell equal releases apart cheaply. */
  files_hash: string;
  /** Not published yet (a draft); false once it has been live. */
  draft: Defaulted<boolean>;
  /** What a draft's preview link carries. */
  preview_token: string | null;
  /** A deleted draft: kept for the audit trail, no longer previewed. */
  deleted_at: Timestamp | null;
}

/** One row (id 1): which release is live, and which one the last deploy made or found live. */
export interface ReleaseStateTable {
  id: number;
  live_release_id: number;
  deployed_release_id: number | null;
  updated_at: CreatedAt;
}

export interface ReleaseAuditTable {
  id: ColumnType<number, never, never>;
  at: CreatedAt;
  actor: string;
  action: ReleaseAction;
  release_id: number;
  previous_live_id: number | null;
  detail: Json<Record<string, unknown>>;
}

// ---------------------------------------------------------------------------------------
// The studio's workspaces (migration 020, docs/releases.md "Studio API")

/** A draft being edited in the studio: its own files, changed one save at a time. */
export interface StudioWorkspacesTable {
  id: ColumnType<number, never, never>;
  /** The release it was made from: its publish is weighed against it (the conflict rule). */
  base_release_id: number;
  author: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The newest draft release made of its files for a preview link. */
  preview_release_id: number | null;
  /** The release it became; the workspace is read-only afterwards. */
  published_release_id: number | null;
}

export interface StudioFilesTable {
  workspace_id: number;
  /** As a release keys it: `funnels/…`, `copy/<locale>/…`. */
  path: string;
  text: string;
  /** SHA-256 (hex) of the text: what a save names as the version it was based on. */
  version: string;
  updated_by: string;
  updated_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_preferences: EmailPreferencesTable;
  email_changes: EmailChangesTable;
  account_versions: AccountVersionsTable;
  partners: PartnersTable;
  web_offers: WebOffersTable;
  class_add_ons: ClassAddOnsTable;
  bulk_campaigns: BulkCampaignsTable;
  code_batches: CodeBatchesTable;
  codes: CodesTable;
  customers: CustomersTable;
  payment_methods: PaymentMethodsTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  outbox: OutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  payment_intents: PaymentIntentsTable;
  rate_limits: RateLimitsTable;
  contact_requests: ContactRequestsTable;
  // The sandbox payment gateway (migration 008)
  sandbox_customers: SandboxCustomersTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_subscriptions: SandboxSubscriptionsTable;
  sandbox_transactions: SandboxTransactionsTable;
  // Experiments and the conversion report (migration 012)
  experiment_exposures: ExperimentExposuresTable;
  funnel_step_views: FunnelStepViewsTable;
  visitors: VisitorsTable;
  conversions: ConversionsTable;
  // Operators of the experiments report (migration 013)
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  // Keys the server instances share (migration 014)
  server_keys: ServerKeysTable;
  // Releases of funnels/ and copy/ (migration 015)
  releases: ReleasesTable;
  release_state: ReleaseStateTable;
  release_audit: ReleaseAuditTable;
  // The studio's workspaces (migration 020)
  studio_workspaces: StudioWorkspacesTable;
  studio_files: StudioFilesTable;
}

export type WebOfferRow = Selectable<WebOffersTable>;
export type ClassAddOnRow = Selectable<ClassAddOnsTable>;
export type BulkCampaignRow = Selectable<BulkCampaignsTable>;
export type CodeRow = Selectable<CodesTable>;
export type UserRow = Selectable<UsersTable>;
