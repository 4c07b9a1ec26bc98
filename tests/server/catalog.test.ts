import { describe, expect, test } from 'vitest';
import type { Catalog } from '../../src/language/schema/catalog.ts';
import { CatalogFileError } from '../../src/server/catalog/catalogFileError.ts';
import { importCatalog, importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { parseCatalog, readCatalog, readCatalogFile } from '../../src/server/catalog/read.ts';
import {
  findWebOffer,
  findWebOfferByPromoCode,
  listClassAddOns,
  listClassOffers,
  listDefaultPlans,
  listPartners,
  toClassAddOn,
  toMinervaOffer,
  toWebOffer,
} from '../../src/server/catalog/repository.ts';
import { useTestDatabase } from './db.ts';

const t = useTestDatabase();
const catalog = readCatalog('funnels');

const tables = ['partners', 'web_offers', 'class_add_ons', 'bulk_campaigns'] as const;
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(tables.map(async (table) => [table, await t.db.selectFrom(table).selectAll().orderBy('id').execute()] as const)),
  );

describe('importing funnels/catalog.yaml', () => {
  test('into an empty database, then again: the second import changes nothing', async () => {
    const first = await importCatalogIfEmpty(t.db, () => catalog);
    expect(first?.web_offers.created).toBe(catalog.offers.length + (catalog.classOffers?.length ?? 0));
    const rows = await snapshot();
    const second = await importCatalog(t.db, catalog);
    for (const table of tables) expect(second[table]).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
    expect(await snapshot()).toEqual(rows);
    expect(await importCatalogIfEmpty(t.db, () => catalog)).toBeNull();
  });

  test('a changed price updates that offer only; a removed offer is deactivated, not deleted; a promo code can move', async () => {
    await importCatalog(t.db, catalog);
    const edited: Catalog = structuredClone(catalog);
    const last = edited.offers.pop()!;
    edited.offers.find((o) => o.id === 'monthly')!.price = 10.99;
    delete edited.offers.find((o) => o.id === 'promo_annual_half_price')!.promoCode;
    edited.offers.find((o) => o.id === 'coupon_annual')!.promoCode = 'SAVE50';
    const summary = await importCatalog(t.db, edited);
    expect(summary.web_offers).toMatchObject({ created: 0, updated: 3, deactivated: 1 });
    expect((await findWebOffer(t.db, 'monthly'))?.price_cents).toBe(1099);
    expect(await findWebOffer(t.db, last.id)).toMatchObject({ is_active: false });
    expect((await findWebOfferByPromoCode(t.db, 'save50'))?.id).toBe('coupon_annual');
    // Back to the file: the offer is active again, the code back where it was.
    await importCatalog(t.db, catalog);
    expect(await findWebOffer(t.db, last.id)).toMatchObject({ is_active: true });
    expect((await findWebOffer(t.db, 'promo_annual_half_price'))?.promo_code).toBe('SAVE50');
    expect((await findWebOffer(t.db, 'monthly'))?.price_cents).toBe(999);
  });
});

describe('the catalog callers see', () => {
  const plans = async (tag?: string) => (await listDefaultPlans(t.db, tag)).map(toWebOffer);

  test('the default plan list: monthly $9.99 and annual, 7-day trials, annual preselected', async () => {
    await importCatalogIfEmpty(t.db, () => catalog);
    const list = await plans();
    expect(list.map((p) => [p.subscriptionDuration, p.price, p.trialDurationDays, p.trial.label])).toEqual([
      ['monthly', 9.99, 7, 'week'],
      ['annual', 79.99, 7, 'week'],
    ]);
    expect(list.find((p) => p.isDefaultOffer)?.subscriptionDuration).toBe('annual');
    expect(await plans('default')).toEqual(list);
  });

  test("tag '30daytrial' gives 30-day trials", async () => {
    const list = await plans('30daytrial');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.trialDurationDays === 30 && p.trial.label === 'month')).toBe(true);
  });

  test('every duration of the spec is sold: monthly, quarterly, 6-month, annual, 24-month, lifetime', async () => {
    const all = (await t.db.selectFrom('web_offers').select('subscription_duration').where('is_active', '=', true).execute()).map(
      (r) => r.subscription_duration,
    );
    expect(new Set(all)).toEqual(new Set(['monthly', 'quarterly', '6Month', 'annual', '24Month', 'lifetime']));
    const lifetime = (await plans('lifetime')).find((p) => p.subscriptionDuration === 'lifetime');
    expect(lifetime).toMatchObject({ trialDurationDays: 0, offerSubtitle: 'Pay once. Play forever.' });
  });

  test('the plan keys carry their labels', async () => {
    const byPlan = async (planId: string) =>
      (
        await t.db.selectFrom('web_offers').select(['plan_name']).where('plan_id', '=', planId).where('class_type', 'is', null).execute()
      ).map((r) => r.plan_name);
    expect(await byPlan('annual_minerva_ondemand')).toEqual(['Premium Annual']);
    expect(await byPlan('minerva_biannual_ondemand_65')).toEqual(['Half-Yearly']);
    expect(await byPlan('minerva_annual_ondemand_100')).toEqual(['Annual']);
    expect(await byPlan('minerva_quarterly_ondemand_41')).toEqual(['Quarterly']);
    expect(await byPlan('minerva_annual_ondemand_100_vs_standard_quarterly')).toEqual(['App + Classes']);
    const premium = (await plans('premium')).find((p) => p.offerSubtitle === 'Most Popular');
    expect(premium).toMatchObject({ hasClasses: true, maxChildProfiles: 5, plan: { name: 'App + On-Demand Classes' } });
  });

  test('class offers: on-demand $19.99 (7 days), $35, $65, $120 (30 days) and live classes $49.99 with a 30-day trial', async () => {
    const offers = (await listClassOffers(t.db)).map(toMinervaOffer);
    expect(offers.map((o) => [o.planId, o.classType, o.price, o.trialDurationDays])).toEqual([
      ['minerva_monthly_ondemand_a1', 'onDemand', 19.99, 7],
      ['minerva_quarterly_ondemand_35', 'onDemand', 35, 7],
      ['minerva_biannual_ondemand_65', 'onDemand', 65, 7],
      ['annual_minerva_ondemand', 'onDemand', 120, 30],
      ['minerva_with_multi_classes', 'live', 49.99, 30],
    ]);
    expect(await listClassOffers(t.db, 'inactive')).toEqual([]);
  });

  test('class add-ons: 4 classes $54.99/month ($10 today), 1 class $14.99/month ($1 today), after a 30-day promo', async () => {
    expect((await listClassAddOns(t.db)).map(toClassAddOn)).toEqual([
      {
        id: 'addon_four_classes',
        planId: 'minerva_addon_4_classes',
        name: '4 classes a month',
        classesPerMonth: 4,
        price: 54.99,
        todayPrice: 10,
        promoDays: 30,
        status: 'active',
      },
      {
        id: 'addon_one_class',
        planId: 'minerva_addon_1_class',
        name: '1 class a month',
        classesPerMonth: 1,
        price: 14.99,
        todayPrice: 1,
        promoDays: 30,
        status: 'active',
      },
    ]);
  });

  test('partners gympass, wegrowsa, legovip and caprikon, each with an offer of its own', async () => {
    expect((await listPartners(t.db)).map((p) => p.id)).toEqual(['caprikon', 'gympass', 'legovip', 'wegrowsa']);
    for (const partner of ['gympass', 'wegrowsa', 'legovip', 'caprikon'])
      expect((await plans(partner)).map((p) => p.partner)).toEqual([partner]);
  });

  test('money is stored in integer cents', async () => {
    const row = await findWebOffer(t.db, 'ondemand_monthly');
    expect(row).toMatchObject({ price_cents: 1999 });
    expect(toWebOffer(row!).price).toBe(19.99);
  });

  test('a web-offer promo code is found in any case; gifts and volume licences say how many months they give', async () => {
    expect((await findWebOfferByPromoCode(t.db, 'save50'))?.id).toBe('promo_annual_half_price');
    expect(await findWebOfferByPromoCode(t.db, 'NOPE')).toBeUndefined();
    expect(toWebOffer((await findWebOffer(t.db, 'gift_lifetime'))!)).toMatchObject({ subscriptionType: 'gift', giftMonths: -1 });
    expect(toWebOffer((await findWebOffer(t.db, 'volume_12_months'))!)).toMatchObject({
      subscriptionType: 'volumeLicense',
      giftMonths: 12,
    });
  });
});

describe('catalog files', () => {
  test('a mistake is reported like npm run check does: file:line:col and a suggestion', async () => {
    const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'catalog-'));
    const file = path.join(dir, 'catalog.yaml');
    writeFileSync(file, readFileSync('funnels/catalog.yaml', 'utf8').replace('      price: 9.99\n', '      prise: 9.99\n'));
    expect(() => readCatalogFile(file, dir)).toThrow(CatalogFileError);
    expect(() => readCatalogFile(file, dir)).toThrow(/catalog\.yaml:\d+:7: error: Unknown field 'prise'\. Did you mean 'price'\?/);
  });

  test('a catalog sent as data is validated with the same schema', () => {
    expect(() => parseCatalog({ offers: [{ id: 'x' }] })).toThrow(CatalogFileError);
    expect(parseCatalog(catalog).offers).toHaveLength(catalog.offers.length);
  });
});
