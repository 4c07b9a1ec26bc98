/**
 * Imports the catalog (funnels/catalog.yaml) into the database, idempotently: a row is
 * inserted when new, updated only when a field differs, left alone otherwise; an offer, add-on,
 * campaign or partner no longer in the file is deactivated (never deleted: codes and
 * subscriptions refer to it). Importing the same file twice leaves the same rows.
 *
 * Runs in one transaction under an advisory lock, so two instances importing at once (a
 * deployment starting several on an empty PostgreSQL) do it one after the other.
 */
import type { Transaction } from 'kysely';
import { canonicalCode } from '../../domain/codes.ts';
import type { Catalog, CatalogClassOffer, CatalogOffer } from '../../language/schema/catalog.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { catalogChanged } from './cache.ts';
import { toCents } from './money.ts';
import {
  type CatalogRecord,
  type CatalogTable,
  clearPromoCodes,
  deactivateCatalogRecords,
  insertCatalogRecord,
  isCatalogEmpty,
  listPromoCodeHolders,
  lockCatalogImports,
  readCatalogTable,
  updateCatalogRecord,
} from './repository.ts';

export interface TableSummary {
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
}

export type ImportSummary = Record<'partners' | 'web_offers' | 'class_add_ons' | 'bulk_campaigns', TableSummary>;

const CLASS_OFFERS_ORDER = 100_000;

export async function importCatalog(db: Db, catalog: Catalog): Promise<ImportSummary> {
  try {
    return await inTransaction(db, async (tx) => {
      await lockCatalogImports(tx);
      return importLocked(tx, catalog);
    });
  } finally {
    catalogChanged(); // the cached catalog answers of this process (catalog/cache.ts) are read again
  }
}

/** Imports the catalog only when the database has none (a new database); returns null when it had one. */
export async function importCatalogIfEmpty(db: Db, load: () => Catalog | Promise<Catalog>): Promise<ImportSummary | null> {
  if (!(await isCatalogEmpty(db))) return null;
  const catalog = await load();
  try {
    return await inTransaction(db, async (tx) => {
      await lockCatalogImports(tx);
      if (!(await isCatalogEmpty(tx))) return null; // another instance just did it
      return importLocked(tx, catalog);
    });
  } finally {
    catalogChanged();
  }
}

/** One line for logs and the CLI: "web offers: 3 created, 1 updated, 20 unchanged; ...". */
export function describeImport(summary: ImportSummary): string {
  const names: Record<keyof ImportSummary, string> = {
    partners: 'partners',
    web_offers: 'offers',
    class_add_ons: 'class add-ons',
    bulk_campaigns: 'bulk campaigns',
  };
  return (Object.keys(names) as (keyof ImportSummary)[])
    .map((table) => {
      const s = summary[table];
      const parts = [`${s.created} created`, `${s.updated} updated`, `${s.unchanged} unchanged`];
      if (s.deactivated > 0) parts.push(`${s.deactivated} deactivated`);
      return `${names[table]}: ${parts.join(', ')}`;
    })
    .join('; ');
}

/**
 * A draft's new partners and offers, for its preview (docs/releases.md, "Previews"): each one the
 * database has not got is kept inactive with `preview_of` naming the draft, so live never sells it;
 * one an earlier draft brought (inactive, never live) is taken over with this draft's values. The
 * draft's changes to what live sells show when it is published. A promo code another offer holds
 * is left off.
 */
export async function importPreviewEntries(tx: Transaction<Database>, catalog: Catalog, draftId: number): Promise<void> {
  await lockCatalogImports(tx);
  const held = new Set((await listPromoCodeHolders(tx)).map((h) => h.promoCode));
  const { partners, offers } = catalogRows(catalog);
  const now = new Date();
  for (const [table, rows] of [
    ['partners', partners],
    ['web_offers', offers.map((o) => ({ ...o, promo_code: o.promo_code !== null && held.has(o.promo_code) ? null : o.promo_code }))],
  ] as const) {
    const existing = new Map((await readCatalogTable(tx, table)).map((row) => [row.id as string, row]));
    for (const row of rows) {
      const current = existing.get(row.id);
      const entry = { ...row, is_active: false, preview_of: draftId };
      if (!current) await insertCatalogRecord(tx, table, entry, now);
      else if (current.is_active === false && current.preview_of !== null) await updateCatalogRecord(tx, table, row.id, entry, now);
    }
  }
}

/** The catalog's rows, table by table: what an import makes the tables hold (a publish clears `preview_of`). */
function catalogRows(catalog: Catalog) {
  const partners = (catalog.partners ?? []).map((p) => ({ id: p.id, name: p.name, is_active: p.isActive ?? true, preview_of: null }));
  // Catalog order; class offers after all others (their own list, GetMinervaOffers).
  const offers = [
    ...catalog.offers.map((offer, index) => offerRow(offer, index)),
    ...(catalog.classOffers ?? []).map((offer, index) => offerRow(offer, CLASS_OFFERS_ORDER + index)),
  ];
  const addOns = (catalog.classAddOns ?? []).map((a, index) => ({
    id: a.id,
    plan_id: a.planId,
    name: a.name,
    classes_per_month: a.classesPerMonth,
    price_cents: toCents(a.price),
    today_price_cents: toCents(a.todayPrice),
    promo_days: a.promoDays,
    is_active: a.isActive ?? true,
    sort_order: index,
  }));
  const campaigns = (catalog.bulkCampaigns ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    organization: c.organization ?? null,
    web_offer_id: c.offer ?? null,
    price_per_seat_cents: c.pricePerSeat === undefined ? null : toCents(c.pricePerSeat),
    is_active: c.isActive ?? true,
  }));
  return { partners, offers, addOns, campaigns };
}

async function importLocked(tx: Transaction<Database>, catalog: Catalog): Promise<ImportSummary> {
  const { partners, offers, addOns, campaigns } = catalogRows(catalog);

  // A promo code moving from one offer to another, or leaving with a removed offer, is freed
  // first, so the unique constraint never sees it twice mid-import.
  const wantedCodes = new Map(offers.map((o) => [o.id, o.promo_code]));
  const holders = await listPromoCodeHolders(tx);
  const freed = holders.filter((h) => wantedCodes.get(h.id) !== h.promoCode).map((h) => h.id);
  if (freed.length > 0) await clearPromoCodes(tx, freed);

  return {
    partners: await sync(tx, 'partners', partners),
    web_offers: await sync(tx, 'web_offers', offers, freed),
    class_add_ons: await sync(tx, 'class_add_ons', addOns),
    bulk_campaigns: await sync(tx, 'bulk_campaigns', campaigns),
  };
}

function offerRow(offer: CatalogOffer | CatalogClassOffer, index: number) {
  const classType = 'classType' in offer ? offer.classType : null;
  return {
    id: offer.id,
    plan_id: offer.planId,
    plan_name: offer.planName,
    plan_data_key: offer.planDataKey,
    subscription_duration: offer.subscriptionDuration,
    price_cents: toCents(offer.price),
    original_price_cents: offer.originalPrice === undefined ? null : toCents(offer.originalPrice),
    trial_duration_days: offer.trialDurationDays,
    subscription_type: offer.subscriptionType,
    description_key: offer.descriptionKey,
    promo_code: offer.promoCode === undefined ? null : canonicalCode(offer.promoCode),
    offer_title: offer.offerTitle ?? null,
    offer_subtitle: offer.offerSubtitle ?? null,
    is_active: offer.isActive ?? true,
    is_default_offer: offer.isDefaultOffer ?? false,
    gift_months: offer.giftMonths ?? null,
    tags: offer.tags ?? [],
    partner: offer.partner ?? null,
    has_classes: offer.hasClasses ?? classType !== null,
    class_type: classType,
    max_child_profiles: offer.maxChildProfiles ?? 3,
    parent_portal_enabled: offer.parentPortalEnabled ?? true,
    sort_order: index,
    preview_of: null,
  };
}

/**
 * Makes `table` hold `rows` (keyed by id): insert the new, update the different, deactivate
 * the missing. `touched` ids were already changed in this transaction and count as updated.
 */
async function sync(tx: Transaction<Database>, table: CatalogTable, rows: CatalogRecord[], touched: string[] = []): Promise<TableSummary> {
  const summary: TableSummary = { created: 0, updated: 0, unchanged: 0, deactivated: 0 };
  const existing = new Map((await readCatalogTable(tx, table)).map((row) => [row.id as string, row]));
  const now = new Date();
  for (const row of rows) {
    const current = existing.get(row.id);
    if (!current) {
      await insertCatalogRecord(tx, table, row, now);
      summary.created++;
      continue;
    }
    const changed = Object.keys(row).filter((key) => !same(current[key], row[key]));
    if (changed.length === 0) {
      if (touched.includes(row.id)) summary.updated++;
      else summary.unchanged++;
      continue;
    }
    await updateCatalogRecord(tx, table, row.id, Object.fromEntries(changed.map((key) => [key, row[key]])), now);
    summary.updated++;
  }
  const wanted = new Set(rows.map((row) => row.id));
  const gone = [...existing.entries()].filter(([id, row]) => !wanted.has(id) && row.is_active === true).map(([id]) => id);
  if (gone.length > 0) {
    await deactivateCatalogRecords(tx, table, gone, now);
    summary.deactivated = gone.length;
  }
  return summary;
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}
