/**
 * The sandbox billing run as an operator's request: `npm run billing -- run --at <time>` sends
 * it to the running server's admin endpoint (POST /api/admin/billing) or, with no server holding
 * the database, runs it on the database itself (src/server/admin/client.ts) — the same answer
 * either way.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/types.ts';
import type { GatewayName } from './gateway.ts';
import { BillingError, type BillingSummary, runSandboxBilling } from './sandbox/billing.ts';

export const billingRequest = z.object({
  /** An ISO date-time (UTC unless it says otherwise); default: now. */
  at: z.string().min(1).max(40).optional(),
});
export type BillingRequest = z.infer<typeof billingRequest>;

/** `2026-01-31` (midnight UTC) or an ISO date-time; a time without a zone is UTC. */
export function parseBillingTime(value: string | undefined, now: Date): Date {
  if (value === undefined) return now;
  const match = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value.trim());
  const date = !match ? new Date(NaN) : new Date(match[1] && !match[4] ? `${value.trim()}Z` : value.trim());
  if (Number.isNaN(date.getTime()))
    throw new BillingError(`'${value}' is not a time: write it like 2026-01-31T12:00:00Z (or 2026-01-31 for midnight UTC).`);
  return date;
}

export async function runBillingRequest(
  db: Kysely<Database>,
  request: BillingRequest,
  gateway: GatewayName,
  now: Date = new Date(),
): Promise<BillingSummary> {
  return runSandboxBilling({ db, gateway, at: parseBillingTime(request.at, now) });
}
