/**
 * A version per parent's account, raised by the database itself whenever anything My Account
 * shows of that parent changes: a subscription, the gateway customer, a payment method, a
 * payment, the email or partner. A server that read the account keeps what it read with the
 * version, and reads it again only when the version moved (src/server/accounts/accountCache.ts):
 * every instance sees every change, whoever made it (a handler, a billing run, reconciliation,
 * a webhook, an operator's SQL), because the triggers are in the database.
 *
 * The versions live in their own table, so that raising one never waits on a transaction that
 * holds the parent's `users` row.
 */
import { type Kysely, sql } from 'kysely';

const BY_USER = ['subscriptions', 'customers', 'payments'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_versions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
    .execute();

  await sql`
    create function raise_account_version(account text) returns void language sql as $$
      insert into account_versions (user_id) select account where account is not null and exists (select 1 from users where id = account)
      on conflict (user_id) do update set version = account_versions.version + 1
    $$`.execute(db);

  // Tables that name the parent (user_id): the old and the new parent of a changed row.
  await sql`
    create function raise_account_version_by_user() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform raise_account_version(old.user_id); end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
        perform raise_account_version(new.user_id);
      end if;
      return null;
    end $$`.execute(db);

  // Payment methods name their gateway customer, which names the parent.
  await sql`
    create function raise_account_version_by_customer() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform raise_account_version((select user_id from customers where id = old.customer_id)); end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.customer_id is distinct from old.customer_id) then
        perform raise_account_version((select user_id from customers where id = new.customer_id));
      end if;
      return null;
    end $$`.execute(db);

  await sql`
    create function raise_account_version_of_user() returns trigger language plpgsql as $$
    begin
      perform raise_account_version(new.id);
      return null;
    end $$`.execute(db);

  for (const table of BY_USER) {
    await sql`
      create trigger ${sql.raw(`${table}_account_version`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function raise_account_version_by_user()`.execute(db);
  }
  await sql`
    create trigger payment_methods_account_version after insert or update or delete on payment_methods
    for each row execute function raise_account_version_by_customer()`.execute(db);
  await sql`
    create trigger users_account_version after update of email, partner on users for each row
    when (new.email is distinct from old.email or new.partner is distinct from old.partner)
    execute function raise_account_version_of_user()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of BY_USER) await sql`drop trigger if exists ${sql.raw(`${table}_account_version`)} on ${sql.table(table)}`.execute(db);
  await sql`drop trigger if exists payment_methods_account_version on payment_methods`.execute(db);
  await sql`drop trigger if exists users_account_version on users`.execute(db);
  await sql`drop function if exists raise_account_version_by_user()`.execute(db);
  await sql`drop function if exists raise_account_version_by_customer()`.execute(db);
  await sql`drop function if exists raise_account_version_of_user()`.execute(db);
  await sql`drop function if exists raise_account_version(text)`.execute(db);
  await db.schema.dropTable('account_versions').execute();
}
