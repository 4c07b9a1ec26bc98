/**
 * Rate-limit counters are short-lived and worthless after a crash: an UNLOGGED table skips the
 * write-ahead log, which makes the one write every limited request does much cheaper.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limits set unlogged`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limits set logged`.execute(db);
}
