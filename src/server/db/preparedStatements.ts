/**
 * Named prepared statements for the queries Kysely sends through a `pg` pool.
 *
 * Kysely sends every query as an unnamed statement, so the database parses and plans it again
 * each time. For the short reads a logged-in parent causes (a session, a subscription list),
 * that planning is most of the cost, on PGlite (PostgreSQL in WebAssembly) above all. `pg`
 * prepares a statement that carries a name once per connection and then only binds and executes
 * it: this wraps each pooled client so that reads and writes are sent named, the name derived
 * from the SQL text (Kysely puts values in parameters, so one statement shape is one text).
 *
 * Left unnamed: anything but SELECT/INSERT/UPDATE/DELETE/WITH (transaction control, DDL in
 * migrations, SET), and any new text once MAX_NAMED_STATEMENTS are known, so that SQL built from
 * variable lists (`in (...)` of any length) cannot grow each connection's statements unbounded.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export const MAX_NAMED_STATEMENTS = 1_000;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Statement names by SQL text, shared by every pool of the process (a name depends on its text only). */
const names = new Map<string, string>();

/** The statement name for a SQL text, or null when it is sent unnamed. */
export function statementName(text: string): string | null {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED_STATEMENTS || !PREPARABLE.test(text)) return null;
  const name = `k_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
  names.set(text, name);
  return name;
}

const wrapped = new WeakSet<pg.PoolClient>();

function prepareQueriesOf(client: pg.PoolClient): void {
  if (wrapped.has(client)) return;
  wrapped.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' && Array.isArray(values) && typeof callback !== 'function' ? statementName(text) : null;
    return name ? query({ name, text, values }) : query(text, values, callback);
  }) as typeof client.query;
}

/** The pool, whose clients send Kysely's queries as named prepared statements. */
export function withPreparedStatements(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  pool.connect = (async () => {
    const client = await connect();
    prepareQueriesOf(client);
    return client;
  }) as typeof pool.connect;
  return pool;
}
