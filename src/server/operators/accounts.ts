/**
 * Operator accounts: created by `npm run operator -- create` (never through the web), and
 * checked at the `/admin/login` form. Passwords are hashed like parents' (scrypt, PHC string).
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { PasswordHasher } from '../auth/passwords.ts';
import { newId } from '../db/ids.ts';
import { type Database, OPERATOR_ROLES, type OperatorRole } from '../db/types.ts';
import { findOperatorByEmail, insertOperator, updateOperatorRole } from './repository.ts';

/** Operators see revenue: a longer minimum than parents'. */
export const OPERATOR_PASSWORD_MIN = 12;
const OPERATOR_PASSWORD_MAX = 256;

export class OperatorRequestError extends Error {
  override name = 'OperatorRequestError';
}

export const createOperatorRequest = z.object({
  email: z.string().max(254),
  password: z.string().max(1024),
  /** Default editor: publishing is given on purpose (docs/operator.md). */
  role: z.enum(OPERATOR_ROLES).optional(),
});
export type CreateOperatorRequest = z.infer<typeof createOperatorRequest>;

export interface CreateOperatorResponse {
  id: string;
  email: string;
  role: OperatorRole;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normalizeOperatorEmail = (email: string) => email.trim().toLowerCase();

export async function createOperator(
  db: Kysely<Database>,
  passwords: PasswordHasher,
  request: CreateOperatorRequest,
): Promise<CreateOperatorResponse> {
  const email = normalizeOperatorEmail(request.email);
  if (!EMAIL.test(email)) throw new OperatorRequestError(`'${request.email}' is not an email address.`);
  if ([...request.password].length < OPERATOR_PASSWORD_MIN)
    throw new OperatorRequestError(`The password is too short: use at least ${OPERATOR_PASSWORD_MIN} characters.`);
  if ([...request.password].length > OPERATOR_PASSWORD_MAX)
    throw new OperatorRequestError(`The password is too long: use at most ${OPERATOR_PASSWORD_MAX} characters.`);
  const id = newId();
  const role = request.role ?? 'editor';
  const created = await insertOperator(db, { id, email, passwordHash: await passwords.hash(request.password), role });
  if (!created) throw new OperatorRequestError(`An operator with the email ${email} exists already.`);
  return { id, email, role };
}

export const operatorRoleRequest = z.object({ email: z.string().max(254), role: z.enum(OPERATOR_ROLES) });
export type OperatorRoleRequest = z.infer<typeof operatorRoleRequest>;

/** Makes an operator an editor or a publisher (`npm run operator -- role`). */
export async function setOperatorRole(db: Kysely<Database>, request: OperatorRoleRequest): Promise<{ email: string; role: OperatorRole }> {
  const email = normalizeOperatorEmail(request.email);
  if (!(await updateOperatorRole(db, email, request.role))) throw new OperatorRequestError(`There is no operator with the email ${email}.`);
  return { email, role: request.role };
}

/** The operator whose email and password these are, or null (unknown email or wrong password, told apart by nobody). */
export async function checkOperatorPassword(
  db: Kysely<Database>,
  passwords: PasswordHasher,
  email: string,
  password: string,
): Promise<{ id: string; email: string; role: OperatorRole } | null> {
  const operator = await findOperatorByEmail(db, normalizeOperatorEmail(email));
  // verify(…, null) spends a hash's time too: the answer's timing does not say whether the email exists.
  const matches = await passwords.verify(password, operator?.passwordHash ?? null);
  return operator && matches ? { id: operator.id, email: operator.email, role: operator.role } : null;
}
