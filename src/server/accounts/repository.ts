/**
 * What My Account reads of a parent, in one query: the account, its gateway customer, every
 * subscription and every payment method still on file; and the catalog's rows by id (web
 * offers, class add-ons, which those subscriptions name), read for every parent at once.
 *
 * One round trip instead of seven: My Account asks for it on every visit, and on the embedded
 * database queries run one after another, so their number is the cost. The related rows come
 * back as JSON (PostgreSQL's json_agg, through Kysely's helpers) and are turned back into the
 * rows a plain select gives: JSON has no dates, so timestamps (columns named `*_at` or `*_date`)
 * become Date again. Every other column type of these tables (text, integer, boolean, text[])
 * reads the same in JSON.
 */
import type { Selectable } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { ClassAddOnRow, CustomersTable, PaymentMethodsTable, SubscriptionsTable, WebOfferRow } from '../db/types.ts';
import type { Db, DbOrTrx } from './users.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

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
  for (const [column, value] of Object.entries(copy)) if (typeof value === 'string' && TIMESTAMP_COLUMN.test(column)) copy[column] = new Date(value);
  return copy as T;
}

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** The parent's account as My Account reads it; null when no parent has that id. */
export async function readAccountSnapshot(db: DbOrTrx, userId: string): Promise<AccountSnapshot | null> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.partner',
      jsonObjectFrom(eb.selectFrom('customers').selectAll().whereRef('customers.user_id', '=', 'u.id').orderBy('customers.created_at').limit(1)).as('customer'),
      jsonArrayFrom(eb.selectFrom('subscriptions').selectAll().whereRef('subscriptions.user_id', '=', 'u.id').orderBy('subscriptions.created_at', 'desc')).as('subscriptions'),
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
  const [webOffers, classAddOns] = await Promise.all([db.selectFrom('web_offers').selectAll().execute(), db.selectFrom('class_add_ons').selectAll().execute()]);
  return { webOffers: byId(webOffers), classAddOns: byId(classAddOns) };
}
