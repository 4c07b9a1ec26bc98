/**
 * The catalog's tables: web offers (plans), class offers, class add-ons, bulk campaigns,
 * partners, read by the calls and written by the import (import.ts); and the contact requests
 * of the forms without a purchase. Functions take a database or a transaction and return rows;
 * `toWebOffer`, `toMinervaOffer` and `toClassAddOn` turn rows into the contract's shapes
 * (dollars, camelCase).
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { ClassAddOn, MinervaOffer, WebOffer } from '../../contract/entities.ts';
import { canonicalCode } from '../../domain/codes.ts';
import type { Db } from '../db/transaction.ts';
import type { BulkCampaignRow, ClassAddOnRow, Database, WebOfferRow } from '../db/types.ts';
import { toDollars } from './money.ts';

/** The plan-selector tag meaning "no tag". */
export const DEFAULT_TAG = 'default';

export type Status = 'active' | 'inactive';

/**
 * Where an offer or partner is sold: everywhere when active; when brought by a draft (inactive, its
 * `preview_of`: catalog/import.ts `importPreviewEntries`), in that draft's preview. Null: not in a preview.
 */
export type PreviewDraft = number | null;

const soldIn =
  (previewDraft: PreviewDraft) =>
  (eb: ExpressionBuilder<Database, 'web_offers' | 'partners'>): Expression<SqlBool> =>
    previewDraft === null ? eb('is_active', '=', true) : eb.or([eb('is_active', '=', true), eb('preview_of', '=', String(previewDraft))]);

/** Is this row sold here (see PreviewDraft)? */
export const isSoldIn = (row: { is_active: boolean; preview_of: string | null }, previewDraft: PreviewDraft): boolean =>
  row.is_active || (previewDraft !== null && row.preview_of !== null && Number(row.preview_of) === previewDraft);

/** Active offers carrying `tag` (default: 'default'), in catalog order: GetDefaultPlans. */
export async function listDefaultPlans(db: Db, tag?: string | null, previewDraft: PreviewDraft = null): Promise<WebOfferRow[]> {
  const wanted = tag && tag.trim() !== '' ? tag.trim() : DEFAULT_TAG;
  return db
    .selectFrom('web_offers')
    .selectAll()
    .where(soldIn(previewDraft))
    .where(sql<boolean>`tags @> array[${wanted}]::text[]`)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Every web offer (active ones only unless `includeInactive`), in catalog order: GetWebOffers. */
export async function listWebOffers(
  db: Db,
  options: { includeInactive?: boolean; previewDraft?: PreviewDraft } = {},
): Promise<WebOfferRow[]> {
  let query = db.selectFrom('web_offers').selectAll().orderBy('sort_order').orderBy('id');
  if (!options.includeInactive) query = query.where(soldIn(options.previewDraft ?? null));
  return query.execute();
}

export async function findWebOffer(db: Db, id: string): Promise<WebOfferRow | undefined> {
  return db.selectFrom('web_offers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The active offer a web-offer promo code (typed on /promo) finds, in any case, dashes ignored: GetWebOfferByPromoCode. */
/** The first active offer sold on a gateway plan (the default offer first, then in catalog order). */
export async function findActiveOfferOnPlan(db: Db, planId: string): Promise<WebOfferRow | undefined> {
  return db
    .selectFrom('web_offers')
    .selectAll()
    .where('plan_id', '=', planId)
    .where('is_active', '=', true)
    .orderBy('is_default_offer', 'desc')
    .orderBy('sort_order')
    .executeTakeFirst();
}

export async function findWebOfferByPromoCode(db: Db, promoCode: string): Promise<WebOfferRow | undefined> {
  const code = canonicalCode(promoCode);
  if (code === '') return undefined;
  return db.selectFrom('web_offers').selectAll().where('promo_code', '=', code).where('is_active', '=', true).executeTakeFirst();
}

/** The class funnels' offers (live and on-demand), active ones unless asked: GetMinervaOffers. */
export async function listClassOffers(db: Db, status: Status = 'active'): Promise<WebOfferRow[]> {
  return db
    .selectFrom('web_offers')
    .selectAll()
    .where('class_type', 'is not', null)
    .where('is_active', '=', status === 'active')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Class add-ons, active ones unless asked: GetMinervaClassAddOns. */
export async function listClassAddOns(db: Db, status: Status = 'active'): Promise<ClassAddOnRow[]> {
  return db
    .selectFrom('class_add_ons')
    .selectAll()
    .where('is_active', '=', status === 'active')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findClassAddOn(db: Db, id: string): Promise<ClassAddOnRow | undefined> {
  return db.selectFrom('class_add_ons').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findBulkCampaign(db: Db, id: string): Promise<BulkCampaignRow | undefined> {
  return db.selectFrom('bulk_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a bulk campaign (active or not) sells this offer: then only that campaign sells it. */
export async function isBulkCampaignOffer(db: Db, offerId: string): Promise<boolean> {
  const row = await db.selectFrom('bulk_campaigns').select('id').where('web_offer_id', '=', offerId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether `id` is a partner the catalog sells for now. */
export async function isActivePartner(db: Db, id: string, previewDraft: PreviewDraft = null): Promise<boolean> {
  const row = await db.selectFrom('partners').select('id').where('id', '=', id).where(soldIn(previewDraft)).executeTakeFirst();
  return row !== undefined;
}

export async function listPartners(db: Db): Promise<{ id: string; name: string; is_active: boolean }[]> {
  return db.selectFrom('partners').select(['id', 'name', 'is_active']).orderBy('id').execute();
}

/** True when no offer has been imported yet (a new database). */
export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('web_offers').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export async function listWebOfferIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('web_offers').select('id').execute()).map((o) => o.id);
}

export async function listBulkCampaignIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('bulk_campaigns').select('id').execute()).map((c) => c.id);
}

// ---------------------------------------------------------------------------------------
// Writing the catalog (import.ts)

/** Lock key of catalog imports (any number: it only has to be the same everywhere). */
const IMPORT_LOCK = 7_316_001;

/** Waits for any other catalog import to end; held until `tx` ends. */
export async function lockCatalogImports(tx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(tx);
}

/** The offers holding a web-offer promo code, with it. */
export async function listPromoCodeHolders(db: Db): Promise<{ id: string; promoCode: string }[]> {
  const rows = await db.selectFrom('web_offers').select(['id', 'promo_code']).where('promo_code', 'is not', null).execute();
  return rows.map((row) => ({ id: row.id, promoCode: row.promo_code! }));
}

export async function clearPromoCodes(db: Db, offerIds: string[]): Promise<void> {
  await db.updateTable('web_offers').set({ promo_code: null }).where('id', 'in', offerIds).execute();
}

/** The tables an import makes hold the file's rows. */
export type CatalogTable = 'partners' | 'web_offers' | 'class_add_ons' | 'bulk_campaigns';

/** A row of a CatalogTable, without its created_at and updated_at. */
export type CatalogRecord = { id: string; is_active: boolean } & Record<string, unknown>;

// Kysely cannot type a table chosen at run time; the import builds its rows for their table.
const untyped = (db: Db) => db as unknown as Transaction<Record<CatalogTable, Record<string, unknown>>>;

export async function readCatalogTable(db: Db, table: CatalogTable): Promise<Record<string, unknown>[]> {
  return (await untyped(db).selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
}

export async function insertCatalogRecord(db: Db, table: CatalogTable, record: CatalogRecord, now: Date): Promise<void> {
  await untyped(db)
    .insertInto(table)
    .values({ ...record, created_at: now, updated_at: now })
    .execute();
}

export async function updateCatalogRecord(
  db: Db,
  table: CatalogTable,
  id: string,
  changes: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await untyped(db)
    .updateTable(table)
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deactivateCatalogRecords(db: Db, table: CatalogTable, ids: string[], now: Date): Promise<void> {
  await untyped(db).updateTable(table).set({ is_active: false, updated_at: now }).where('id', 'in', ids).execute();
}

// ---------------------------------------------------------------------------------------
// Contact requests

export interface ContactRequest {
  id: string;
  kind: 'girlScoutsInfo' | 'codingEvent';
  email: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export async function insertContactRequest(db: Db, request: ContactRequest): Promise<void> {
  await db
    .insertInto('contact_requests')
    .values({
      id: request.id,
      kind: request.kind,
      email: request.email,
      payload: JSON.stringify(request.payload),
      created_at: request.createdAt,
    })
    .execute();
}

// ---------------------------------------------------------------------------------------
// Rows → the contract's shapes

/**
 * Trial wording: `quantity`-`interval` for '{n}-{interval} Free trial'
 * ('7-day Free trial'), and `label`, the term: 7 days is a 'week', 30 days a 'month'.
 */
export function trialOf(days: number): WebOffer['trial'] {
  const label = days === 0 ? '' : days === 7 ? 'week' : days === 30 ? 'month' : `${days}-day`;
  return { quantity: days, interval: 'day', label };
}

export function toWebOffer(row: WebOfferRow): WebOffer {
  return {
    objectId: row.id,
    id: row.id,
    planId: row.plan_id,
    planDataKey: row.plan_data_key,
    subscriptionDuration: row.subscription_duration,
    price: toDollars(row.price_cents),
    originalPrice: row.original_price_cents === null ? null : toDollars(row.original_price_cents),
    trialDurationDays: row.trial_duration_days,
    subscriptionType: row.subscription_type,
    descriptionKey: row.description_key,
    promoCode: row.promo_code,
    offerTitle: row.offer_title,
    offerSubtitle: row.offer_subtitle,
    isActive: row.is_active,
    isDefaultOffer: row.is_default_offer,
    giftMonths: row.gift_months,
    tags: row.tags,
    partner: row.partner,
    hasClasses: row.has_classes,
    trial: trialOf(row.trial_duration_days),
    maxChildProfiles: row.max_child_profiles,
    parentPortalEnabled: row.parent_portal_enabled,
    attributes: { subscriptionDuration: row.subscription_duration },
    plan: { planId: row.plan_id, name: row.plan_name },
  };
}

/** A class offer; throws for an offer that is not one (class_type null). */
export function toMinervaOffer(row: WebOfferRow): MinervaOffer {
  if (row.class_type === null) throw new TypeError(`Offer ${row.id} is not a class offer.`);
  return { ...toWebOffer(row), classType: row.class_type };
}

export function toClassAddOn(row: ClassAddOnRow): ClassAddOn {
  return {
    id: row.id,
    planId: row.plan_id,
    name: row.name,
    classesPerMonth: row.classes_per_month,
    price: toDollars(row.price_cents),
    todayPrice: toDollars(row.today_price_cents),
    promoDays: row.promo_days,
    status: row.is_active ? 'active' : 'inactive',
  };
}
