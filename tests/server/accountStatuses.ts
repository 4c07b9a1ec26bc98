import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';

/** The account statuses the outbox holds for a parent, oldest first. */
export async function accountStatusesOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('outbox').select(['payload']).where('name', '=', 'iterable.trackEvent').orderBy('created_at').execute();
  return rows
    .map((r) => r.payload as { eventName?: string; dataFields?: { status?: string; userId?: string } })
    .filter((p) => p.eventName === 'accountStatus' && p.dataFields?.userId === userId)
    .map((p) => p.dataFields!.status!);
}
