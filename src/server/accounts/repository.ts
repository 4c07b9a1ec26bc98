/**
 * The SQL of parents' accounts: the `users` rows, email changes and preferences, password reset
 * tokens, and what My Account reads.
 *
 * What My Account reads of a parent is one query: the account, its gateway customer, every
 * subscription and every payment method still on file; and the catalog's rows by id (web
 * offers, class add-ons, which those subscriptions name), read for every parent at once.
 * One round trip instead of seven: My Account asks for it on every visit, and on the embedded
 * database queries run one after another, so their number is the cost. The related rows come
 * back as JSON (PostgreSQL's json_agg, through Kysely's helpers) and are turned back into the
 * rows a plain select gives: JSON has no dates, so timestamps (columns named `*_at` or `*_date`)
 * become Date again. Every other column type of these tables (text, integer, boolean, text[])
 * reads the same in JSON.
 */
import type { Selectable } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { newId } from '../db/ids.ts';
import type { Db } from '../db/transaction.ts';
import type { ClassAddOnRow, PaymentsTable, UserRow, WebOfferRow } from '../db/types.ts';
import type { CustomerRow, PaymentMethodRow } from '../payments/repository.ts';
import type { SubscriptionRow } from '../subscriptions/repository.ts';

export interface AccountSnapshot {
  user: { id: string; email: string; partner: string | null };
  customer: CustomerRow | null;
  /** Newest first. */
  subscriptions: SubscriptionRow[];
  /** Not deleted, of any of the parent's gateway customers. */
  paymentMethods: PaymentMethodRow[];
}

/** Every web offer and class add-on by id, sold or no longer (a parent may hold a retired one). */
export interface CatalogRows {
  webOffers: ReadonlyMap<string, WebOfferRow>;
  classAddOns: ReadonlyMap<string, ClassAddOnRow>;
}

const TIMESTAMP_COLUMN = /(_at|_date)$/;

/** A row that travelled as JSON, with its timestamps as Date again. */
function revived<T>(row: unknown): T {
  const copy: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const [column, value] of Object.entries(copy))
    if (typeof value === 'string' && TIMESTAMP_COLUMN.test(column)) copy[column] = new Date(value);
  return copy as T;
}

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** The parent's account as My Account reads it; null when no parent has that id. */
export async function readAccountSnapshot(db: Db, userId: string): Promise<AccountSnapshot | null> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.partner',
      jsonObjectFrom(
        eb.selectFrom('customers').selectAll().whereRef('customers.user_id', '=', 'u.id').orderBy('customers.created_at').limit(1),
      ).as('customer'),
      jsonArrayFrom(
        eb
          .selectFrom('subscriptions')
          .selectAll()
          .whereRef('subscriptions.user_id', '=', 'u.id')
          .orderBy('subscriptions.created_at', 'desc'),
      ).as('subscriptions'),
      jsonArrayFrom(
        eb
          .selectFrom('payment_methods')
          .innerJoin('customers', 'customers.id', 'payment_methods.customer_id')
          .selectAll('payment_methods')
          .whereRef('customers.user_id', '=', 'u.id')
          .where('payment_methods.deleted_at', 'is', null),
      ).as('paymentMethods'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    user: { id: row.id, email: row.email, partner: row.partner },
    customer: row.customer ? revived<CustomerRow>(row.customer) : null,
    subscriptions: row.subscriptions.map((s) => revived<SubscriptionRow>(s)),
    paymentMethods: row.paymentMethods.map((m) => revived<PaymentMethodRow>(m)),
  };
}

export async function readCatalogRows(db: Db): Promise<CatalogRows> {
  const [webOffers, classAddOns] = await Promise.all([
    db.selectFrom('web_offers').selectAll().execute(),
    db.selectFrom('class_add_ons').selectAll().execute(),
  ]);
  return { webOffers: byId(webOffers), classAddOns: byId(classAddOns) };
}

/** A payment, and what it charged (null when the payment names no method). */
export type PaymentHistoryRow = Pick<Selectable<PaymentsTable>, 'id' | 'created_at' | 'amount_cents' | 'status' | 'description'> & {
  [K in 'payment_type' | 'card_type' | 'last4']: PaymentMethodRow[K] | null;
};

/** The parent's payments, newest first, with the method each charged. */
export async function readPaymentHistoryRows(db: Db, userId: string): Promise<PaymentHistoryRow[]> {
  return db
    .selectFrom('payments')
    .leftJoin('payment_methods', 'payment_methods.id', 'payments.payment_method_id')
    .select([
      'payments.id',
      'payments.created_at',
      'payments.amount_cents',
      'payments.status',
      'payments.description',
      'payment_methods.payment_type',
      'payment_methods.card_type',
      'payment_methods.last4',
    ])
    .where('payments.user_id', '=', userId)
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .execute();
}

/** The account whose login is `email` (stored lower-case and trimmed: pass it normalized). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  partner: string | null;
  /** The signup answers kept with the account. */
  signup: Record<string, unknown>;
  confirmPromoEmails: boolean;
  /** Made in a release preview (migration 018). */
  testData: boolean;
  at: Date;
}

/** The new account; undefined when the email has one (the unique index makes two racing signups see the same). */
export async function insertUser(db: Db, a: NewAccount): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values({
      id: newId(),
      email: a.email,
      password_hash: a.passwordHash,
      partner: a.partner,
      signup: JSON.stringify(a.signup),
      confirm_promo_emails: a.confirmPromoEmails,
      country: null,
      test_data: a.testData,
      created_at: a.at,
      updated_at: a.at,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute();
}

/** Gives the parent the email unless another account has it; false when one does. */
export async function updateEmailUnlessTaken(db: Db, userId: string, email: string, at: Date): Promise<boolean> {
  const changed = await db
    .updateTable('users')
    .set({ email, updated_at: at })
    .where('id', '=', userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('users as other').select('other.id').where('other.email', '=', email))))
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

export async function insertEmailChange(db: Db, c: { userId: string; oldEmail: string; newEmail: string; at: Date }): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({ id: newId(), user_id: c.userId, old_email: c.oldEmail, new_email: c.newEmail, changed_at: c.at })
    .execute();
}

/** This account changed its email from `oldEmail` to `newEmail`. */
/** The address the account's `email` replaced (its latest recorded change to it, `email_changes`), or undefined. */
export async function emailBefore(db: Db, userId: string, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('email_changes')
    .select('old_email')
    .where('user_id', '=', userId)
    .where('new_email', '=', email)
    .orderBy('changed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.old_email;
}

export interface EmailPreferences {
  marketingMessageChannel: boolean;
  parentNewsletterMessages: boolean;
}

/** The preferences kept for an address, with or without an account; undefined when never set. */
export async function findEmailPreferences(db: Db, email: string): Promise<EmailPreferences | undefined> {
  const row = await db.selectFrom('email_preferences').selectAll().where('email', '=', email).executeTakeFirst();
  return row && { marketingMessageChannel: row.marketing_message_channel, parentNewsletterMessages: row.parent_newsletter_messages };
}

export async function upsertEmailPreferences(db: Db, p: EmailPreferences & { email: string; userId: string; at: Date }): Promise<void> {
  const values = {
    user_id: p.userId,
    marketing_message_channel: p.marketingMessageChannel,
    parent_newsletter_messages: p.parentNewsletterMessages,
    updated_at: p.at,
  };
  await db
    .insertInto('email_preferences')
    .values({ email: p.email, ...values })
    .onConflict((oc) => oc.column('email').doUpdateSet(values))
    .execute();
}

/** The parent's preferences move to the new address; ones kept for that address without an account give way. */
export async function moveEmailPreferences(db: Db, userId: string, email: string, at: Date): Promise<void> {
  await db.deleteFrom('email_preferences').where('email', '=', email).where('user_id', 'is', null).execute();
  await db.updateTable('email_preferences').set({ email, updated_at: at }).where('user_id', '=', userId).execute();
}

export async function insertPasswordResetToken(db: Db, t: { tokenHash: string; userId: string; at: Date; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: t.tokenHash, user_id: t.userId, created_at: t.at, expires_at: t.expiresAt, used_at: null })
    .execute();
}

/** Spends the token when it is unspent and not expired; answers its parent's id, else null. */
export async function spendPasswordResetToken(db: Db, tokenHash: string, at: Date): Promise<string | null> {
  const spent = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
  return spent?.user_id ?? null;
}

export async function spendOpenPasswordResetTokensOf(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
