/** SQL of the operators and their sessions (migration 013). */
import type { Kysely } from 'kysely';
import type { Database, OperatorRole } from '../db/types.ts';

type Db = Kysely<Database>;

export interface OperatorRow {
  id: string;
  email: string;
  passwordHash: string;
  role: OperatorRole;
}

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | null> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'email', 'password_hash', 'role'])
    .where('email', '=', email)
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, passwordHash: row.password_hash, role: row.role } : null;
}

/** Inserts the operator; answers false when one with that email exists already. */
export async function insertOperator(db: Db, row: OperatorRow): Promise<boolean> {
  const inserted = await db
    .insertInto('operators')
    .values({ id: row.id, email: row.email, password_hash: row.passwordHash, role: row.role })
    .onConflict((c) => c.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Sets the operator's role; answers false when there is no operator with that email. */
export async function updateOperatorRole(db: Db, email: string, role: OperatorRole): Promise<boolean> {
  const result = await db.updateTable('operators').set({ role }).where('email', '=', email).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertOperatorSession(
  db: Db,
  session: { tokenHash: string; operatorId: string; csrfToken: string; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({
      token_hash: session.tokenHash,
      operator_id: session.operatorId,
      csrf_token: session.csrfToken,
      created_at: session.at,
      expires_at: session.expiresAt,
    })
    .execute();
}

export interface LiveOperatorSession {
  operatorId: string;
  email: string;
  /** Read with the session, so a changed role counts at the operator's next request. */
  role: OperatorRole;
  csrfToken: string;
}

export async function findLiveOperatorSession(db: Db, tokenHash: string, at: Date): Promise<LiveOperatorSession | null> {
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select(['operators.id', 'operators.email', 'operators.role', 'operator_sessions.csrf_token'])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .where('operator_sessions.expires_at', '>', at)
    .executeTakeFirst();
  return row ? { operatorId: row.id, email: row.email, role: row.role, csrfToken: row.csrf_token } : null;
}

export async function deleteOperatorSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteEndedOperatorSessions(db: Db, at: Date): Promise<void> {
  await db.deleteFrom('operator_sessions').where('expires_at', '<=', at).execute();
}
