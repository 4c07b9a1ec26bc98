/** Customers, vaulted payment methods (tokens only), subscriptions and payments. */
import { type Kysely, sql } from 'kysely';
import { cents, now, oneOf, timestamps } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(
    db.schema
      .createTable('customers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('gateway_customer_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addUniqueConstraint('customers_gateway_customer', ['gateway', 'gateway_customer_id']),
  ).execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('gateway_token', 'text', (c) => c.notNull().unique())
    .addColumn('payment_type', 'text', (c) => c.notNull().check(oneOf('payment_type', ['card', 'PayPal', 'ApplePay', 'GooglePay'])))
    .addColumn('card_type', 'text')
    .addColumn('last4', 'text', (c) => c.check(sql`last4 ~ '^[0-9]{4}$'`))
    .addColumn('expiration_month', 'integer', (c) => c.check(sql`expiration_month between 1 and 12`))
    .addColumn('expiration_year', 'integer')
    .addColumn('paypal_email', 'text')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('payment_methods_customer_id').on('payment_methods').column('customer_id').execute();

  await timestamps(
    db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .addColumn('web_offer_id', 'text', (c) => c.references('web_offers.id'))
      .addColumn('class_add_on_id', 'text', (c) => c.references('class_add_ons.id'))
      .addColumn('product', 'text', (c) => c.notNull().check(oneOf('product', ['app', 'classes', 'addOn'])))
      .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ['Pending', 'Active', 'PastDue', 'Canceled', 'Expired'])))
      .addColumn('store', 'text', (c) =>
        c
          .notNull()
          .defaultTo('WebStore')
          .check(oneOf('store', ['WebStore', 'SamsClub', 'AppleAppStore', 'GooglePlay', 'Amazon', 'Other'])),
      )
      .addColumn('price_cents', 'integer', cents('price_cents'))
      .addColumn('trial_duration_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_billing_date', 'timestamptz')
      .addColumn('next_billing_date', 'timestamptz')
      .addColumn('term_expires_at', 'timestamptz')
      .addColumn('comp_expires_at', 'timestamptz')
      .addColumn('gift_expires_at', 'timestamptz')
      .addColumn('is_lifetime', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_gifted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('source', 'text', (c) => c.notNull().check(oneOf('source', ['purchase', 'comp', 'gift', 'volume', 'bulk', 'partner'])))
      .addColumn('code', 'text', (c) => c.references('codes.code'))
      .addColumn('gateway_subscription_id', 'text', (c) => c.unique())
      .addColumn('payment_method_id', 'text', (c) => c.references('payment_methods.id'))
      .addColumn('partner', 'text')
      .addColumn('canceled_at', 'timestamptz')
      .addColumn('cancel_reason', 'text'),
  ).execute();
  await db.schema.createIndex('subscriptions_user_id').on('subscriptions').column('user_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('payment_method_id', 'text', (c) => c.references('payment_methods.id').onDelete('set null'))
    .addColumn('amount_cents', 'integer', cents('amount_cents'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ['pending', 'settled', 'declined', 'failed', 'refunded'])))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('gateway_transaction_id', 'text')
    .addColumn('processor_response_code', 'text')
    .addColumn('processor_response_text', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('payments_user_id').on('payments').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payments', 'subscriptions', 'payment_methods', 'customers']) await db.schema.dropTable(table).execute();
}
