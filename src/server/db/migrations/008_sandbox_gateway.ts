/**
 * The sandbox payment gateway's own records (src/server/payments/sandbox/): what Braintree keeps
 * in its vault and ledger, kept here when PAYMENT_GATEWAY=sandbox. Our tables (customers,
 * payment_methods, subscriptions, payments) stay the product's view, changed by the call
 * handlers and by gateway events, whichever gateway runs.
 *
 * Also: `payments.gateway_transaction_id` becomes unique, so a gateway event applied twice (a
 * webhook delivered again, a billing run repeated) records its payment once.
 */
import { type Kysely, sql } from 'kysely';
import { cents, now, oneOf, timestamps } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sandbox_payment_methods')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('sandbox_customers.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull().check(oneOf('payment_type', ['card', 'PayPal', 'ApplePay', 'GooglePay'])))
    .addColumn('card_type', 'text')
    .addColumn('last4', 'text')
    .addColumn('expiration_month', 'integer')
    .addColumn('expiration_year', 'integer')
    .addColumn('paypal_email', 'text')
    .addColumn('unique_number_identifier', 'text')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sandbox_payment_methods_customer_id').on('sandbox_payment_methods').column('customer_id').execute();

  await timestamps(
    db.schema
      .createTable('sandbox_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('payment_method_token', 'text', (c) => c.notNull().references('sandbox_payment_methods.token'))
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', cents('price_cents'))
      .addColumn('trial_duration_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('billing_frequency_months', 'integer', (c) => c.notNull().check(sql`billing_frequency_months >= 1`))
      .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ['Pending', 'Active', 'PastDue', 'Canceled', 'Expired'])))
      .addColumn('first_billing_date', 'timestamptz', (c) => c.notNull())
      .addColumn('next_billing_date', 'timestamptz', (c) => c.notNull())
      .addColumn('paid_through_date', 'timestamptz')
      .addColumn('billing_cycles_charged', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retry_at', 'timestamptz')
      .addColumn('canceled_at', 'timestamptz'),
  ).execute();
  await sql`
    create index sandbox_subscriptions_due on sandbox_subscriptions (next_billing_date)
    where status in ('Active', 'PastDue')`.execute(db);

  await db.schema
    .createTable('sandbox_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.references('sandbox_subscriptions.id'))
    .addColumn('payment_method_token', 'text', (c) => c.notNull().references('sandbox_payment_methods.token'))
    .addColumn('amount_cents', 'integer', cents('amount_cents'))
    .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ['settled', 'declined', 'failed'])))
    .addColumn('processor_response_code', 'text')
    .addColumn('processor_response_text', 'text')
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_transactions_subscription_id').on('sandbox_transactions').column('subscription_id').execute();

  await db.schema.createIndex('payments_gateway_transaction_id').unique().on('payments').column('gateway_transaction_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_gateway_transaction_id').execute();
  for (const table of ['sandbox_transactions', 'sandbox_subscriptions', 'sandbox_payment_methods', 'sandbox_customers'])
    await db.schema.dropTable(table).execute();
}
