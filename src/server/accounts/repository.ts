/**
 * What My Account reads of a parent, in one query: the account, its gateway customer, every
 * subscription, every payment method still on file, and the catalog rows (web offers, class
 * add-ons) those subscriptions name.
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
import type { DbOrTrx } from './users.ts';

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
  webOffers: Map<string, WebOfferRow>;
  classAddOns: Map<string, ClassAddOnRow>;
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
      jsonArrayFrom(
        eb
          .selectFrom('web_offers')
          .selectAll()
          .where('web_offers.id', 'in', eb.selectFrom('subscriptions').select('subscriptions.web_offer_id').whereRef('subscriptions.user_id', '=', 'u.id')),
      ).as('webOffers'),
      jsonArrayFrom(
        eb
          .selectFrom('class_add_ons')
          .selectAll()
          .where('class_add_ons.id', 'in', eb.selectFrom('subscriptions').select('subscriptions.class_add_on_id').whereRef('subscriptions.user_id', '=', 'u.id')),
      ).as('classAddOns'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    user: { id: row.id, email: row.email, partner: row.partner },
    customer: row.customer ? revived<CustomerRow>(row.customer) : null,
    subscriptions: row.subscriptions.map((s) => revived<SubscriptionRow>(s)),
    paymentMethods: row.paymentMethods.map((m) => revived<PaymentMethodRow>(m)),
    webOffers: byId(row.webOffers.map((o) => revived<WebOfferRow>(o))),
    classAddOns: byId(row.classAddOns.map((a) => revived<ClassAddOnRow>(a))),
  };
}
