/**
 * What the admin endpoints and the CLIs do, in one place: the same request gives the same
 * result whether the CLI goes through the running server or opens the database itself.
 */
import { z } from 'zod';
import { displayCode } from '../../domain/codes.ts';
import { describeImport, type ImportSummary, importCatalog } from '../catalog/import.ts';
import { parseCatalog } from '../catalog/read.ts';
import { CodeRequestError, createCodes, MAX_CODES_PER_BATCH } from '../codes/service.ts';
import type { Db } from '../db/transaction.ts';
import { CODE_KINDS } from '../db/types.ts';

export const createCodesRequest = z.object({
  kind: z.enum(CODE_KINDS),
  count: z.number().int().min(1).max(MAX_CODES_PER_BATCH).optional(),
  /** Months of access; use `lifetime` for no end. */
  months: z.number().int().min(1).max(1200).optional(),
  lifetime: z.boolean().optional(),
  /** A web offer id of the catalog. */
  offer: z.string().min(1).max(100).optional(),
  /** A bulk campaign id of the catalog (bulk codes). */
  campaign: z.string().min(1).max(100).optional(),
  /** `YYYY-MM-DD` (valid through that day, UTC) or an ISO date-time. */
  expires: z.string().min(1).max(40).optional(),
  note: z.string().max(500).optional(),
});
export type CreateCodesRequest = z.infer<typeof createCodesRequest>;

export interface CreateCodesResponse {
  batchId: string;
  kind: CreateCodesRequest['kind'];
  /** As parents type them (CS/CV codes in blocks of 4). */
  codes: string[];
  months: number | null;
  offer: string | null;
  expiresAt: string | null;
}

/** `2026-12-31` → the end of that day (UTC): the code works all of the 31st. */
export function parseExpiry(value: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const start = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : null;
  const date = start ? new Date(start.getTime() + 86_400_000) : /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime()) || (start && start.toISOString().slice(0, 10) !== value))
    throw new CodeRequestError(`'${value}' is not a date: write it like 2026-12-31 (the codes then work until the end of that day, UTC).`);
  return date;
}

export async function runCreateCodes(db: Db, request: CreateCodesRequest, source: string): Promise<CreateCodesResponse> {
  if (request.lifetime && request.months !== undefined) throw new CodeRequestError('Give --months N or --lifetime, not both.');
  const created = await createCodes(db, {
    kind: request.kind,
    count: request.count ?? 1,
    months: request.lifetime ? -1 : (request.months ?? null),
    webOfferId: request.offer ?? null,
    campaignId: request.campaign ?? null,
    expiresAt: request.expires ? parseExpiry(request.expires) : null,
    source,
    note: request.note ?? null,
  });
  return {
    batchId: created.batchId,
    kind: request.kind,
    codes: created.codes.map(displayCode),
    months: created.months,
    offer: created.webOfferId,
    expiresAt: created.expiresAt?.toISOString() ?? null,
  };
}

export interface ImportCatalogResponse {
  summary: ImportSummary;
  description: string;
}

export async function runImportCatalog(db: Db, catalogData: unknown): Promise<ImportCatalogResponse> {
  const summary = await importCatalog(db, parseCatalog(catalogData));
  return { summary, description: describeImport(summary) };
}
