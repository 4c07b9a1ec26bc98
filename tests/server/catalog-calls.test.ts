/**
 * The catalog and code calls as a caller sees them: plan lists, class offers and add-ons,
 * promo codes, code look-ups and redemptions, bulk campaigns and the contact forms.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { addMonths, createCodes } from '../../src/server/codes/service.ts';
import { newId } from '../../src/server/db/ids.ts';
import { useBackendServer } from './backendServer.ts';

const s = useBackendServer();

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
});

const result = async (name: Parameters<typeof s.call>[0], input: Record<string, unknown>, token?: string) => {
  const answer = await s.call(name, input, { token: token ?? null });
  if (answer.status !== 200) throw new Error(`${name}: ${JSON.stringify(answer.body)}`);
  return answer.body.result as never;
};

describe('catalog', () => {
  test('GetDefaultPlans: the default list, or a tag’s; GetWebOffers: every active offer', async () => {
    const plans: { id: string; trialDurationDays: number }[] = await result('GetDefaultPlans', {});
    expect(plans.map((p) => p.id)).toEqual(expect.arrayContaining(['monthly', 'annual']));
    const trial30: { trialDurationDays: number }[] = await result('GetDefaultPlans', { tag: '30daytrial' });
    expect(trial30.every((p) => p.trialDurationDays === 30)).toBe(true);
    const offers: { id: string; isActive: boolean }[] = await result('GetWebOffers', {});
    expect(offers.length).toBeGreaterThan(plans.length);
    expect(offers.every((o) => o.isActive)).toBe(true);
  });

  test('GetMinervaOffers and GetMinervaClassAddOns: class offers with their type, add-ons with today’s price', async () => {
    const offers: { id: string; classType: string }[] = await result('GetMinervaOffers', {});
    expect(offers.find((o) => o.id === 'live_multi_classes')).toMatchObject({ classType: 'live', price: 49.99 });
    expect(offers.find((o) => o.id === 'ondemand_monthly')).toMatchObject({ classType: 'onDemand' });
    expect(await result('GetMinervaOffers', { status: 'inactive' })).toEqual([]);
    const addOns: { id: string }[] = await result('GetMinervaClassAddOns', { status: 'active' });
    expect(addOns.find((a) => a.id === 'addon_four_classes')).toMatchObject({ price: 54.99, todayPrice: 10, classesPerMonth: 4 });
  });

  test('GetWebOfferByPromoCode: the offer in any case, or null', async () => {
    expect(await result('GetWebOfferByPromoCode', { promoCode: 'save50' })).toMatchObject({ id: 'promo_annual_half_price' });
    expect(await result('GetWebOfferByPromoCode', { promoCode: 'NOPE' })).toBeNull();
  });

  test('GetBulkPurchaseCampaign: the campaign and its offer; an unknown one is 404 code 101', async () => {
    expect(await result('GetBulkPurchaseCampaign', { campaignId: 'girl-scouts' })).toMatchObject({ id: 'girl-scouts', isActive: true });
    const unknown = await s.call('GetBulkPurchaseCampaign', { campaignId: 'nope' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 101 } });
  });

  test('the Girl Scouts and coding-event forms are kept and emailed to the team through the outbox', async () => {
    const a: { requestId: string } = await result('BulkPurchaseGirlScoutsInfo', {
      councilName: 'Council',
      contactName: 'Ann',
      email: 'Ann@Example.com',
      quantity: 40,
    });
    const b: { requestId: string } = await result('CodingEventRequest', { name: 'Bo', email: 'bo@example.com', attendees: 30 });
    const rows = await s.db
      .selectFrom('contact_requests')
      .selectAll()
      .where('id', 'in', [a.requestId, b.requestId])
      .orderBy('kind')
      .execute();
    expect(rows.map((r) => [r.kind, r.email])).toEqual([
      ['codingEvent', 'bo@example.com'],
      ['girlScoutsInfo', 'ann@example.com'],
    ]);
    const mails = await s.db.selectFrom('outbox').select('payload').where('name', '=', 'contactRequest').execute();
    expect(mails.map((m) => (m.payload as { requestId: string }).requestId)).toEqual(expect.arrayContaining([a.requestId, b.requestId]));
  });
});

describe('codes', () => {
  test('FindWebOfferByCouponCode: what a code gives, whether it is valid, used or expired; an unknown code is not valid', async () => {
    const comp = await createCodes(s.db, { kind: 'comp', months: 6, webOfferId: 'comp_premium', source: 'test' });
    const lifetime = await createCodes(s.db, { kind: 'gift', webOfferId: 'gift_lifetime', source: 'test' });
    const bulk = await createCodes(s.db, {
      kind: 'bulk',
      months: 12,
      webOfferId: 'edu_12_months',
      campaignId: 'girl-scouts',
      source: 'test',
    });
    const code = comp.codes[0]!;
    expect(await result('FindWebOfferByCouponCode', { code: code.toLowerCase() })).toMatchObject({
      kind: 'comp',
      isCouponValid: true,
      isCouponCodeUsed: false,
      isCouponExpired: false,
      isLifetimeComp: false,
      isBulkPurchaseRedemption: false,
      planId: 'comp_premium',
      compMonths: 6,
      webOffer: { id: 'comp_premium' },
      campaign: null,
    });
    expect(await result('FindWebOfferByCouponCode', { code: lifetime.codes[0]! })).toMatchObject({
      kind: 'gift',
      isLifetimeComp: true,
      compMonths: -1,
    });
    expect(await result('FindWebOfferByCouponCode', { code: bulk.codes[0]! })).toMatchObject({
      kind: 'bulk',
      isBulkPurchaseRedemption: true,
      campaign: { id: 'girl-scouts' },
    });
    expect(await result('FindWebOfferByCouponCode', { code: 'CSAA-BBBB-CCCC-DDDD' })).toMatchObject({
      kind: null,
      isCouponValid: false,
      webOffer: null,
    });

    const expired = await createCodes(s.db, { kind: 'comp', months: 1, source: 'test', expiresAt: new Date(Date.now() + 60_000) });
    await s.db
      .updateTable('codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', expired.codes[0]!)
      .execute();
    expect(await result('FindWebOfferByCouponCode', { code: expired.codes[0]! })).toMatchObject({
      isCouponValid: false,
      isCouponExpired: true,
    });
  });

  test('RedeemComp gives the parent the code’s months at no charge, once; customer details show it', async () => {
    const parent = await s.signUp();
    const { codes } = await createCodes(s.db, { kind: 'comp', months: 6, webOfferId: 'comp_premium', source: 'test' });
    const before = Date.now();
    const redeemed: { redeemed: true; expiresAt: string; isLifetime: boolean } = await result(
      'RedeemComp',
      { userId: parent.id, couponCode: codes[0]! },
      parent.token,
    );
    expect(redeemed).toMatchObject({ redeemed: true, isLifetime: false });
    const expected = addMonths(new Date(before), 6).getTime();
    expect(Math.abs(new Date(redeemed.expiresAt).getTime() - expected)).toBeLessThan(60_000);
    expect(await result('GetCustomerDetails', {}, parent.token)).toMatchObject({
      isExpired: false,
      plan: { id: 'comp_premium' },
      compExpiresAt: redeemed.expiresAt,
      isGifted: false,
    });

    // The same code again, by anyone: 'already used'.
    const other = await s.signUp();
    const again = await s.call('RedeemComp', { userId: other.id, couponCode: codes[0]! }, { token: other.token });
    expect(again.body).toEqual({ code: 141, error: 'This code was already used.', messageKey: 'CODE_ALREADY_USED' });
  });

  test('a parent whose plan still runs is told so (SUBSCRIPTION_ACTIVE) and keeps the code', async () => {
    const parent = await s.signUp();
    await s.db
      .insertInto('subscriptions')
      .values({
        id: newId(),
        user_id: parent.id,
        web_offer_id: 'annual',
        product: 'app',
        status: 'Active',
        price_cents: 6000,
        source: 'purchase',
      })
      .execute();
    const { codes } = await createCodes(s.db, { kind: 'gift', months: 3, source: 'test' });
    const answer = await s.call('RedeemComp', { userId: parent.id, couponCode: codes[0]! }, { token: parent.token });
    expect(answer.body).toEqual({ code: 141, error: "It seems your subscription hasn't expired yet.", messageKey: 'SUBSCRIPTION_ACTIVE' });
    expect(await result('FindWebOfferByCouponCode', { code: codes[0]! })).toMatchObject({ isCouponValid: true });
  });

  test('a gift makes the parent gifted; a lifetime volume licence makes them lifetime', async () => {
    const gifted = await s.signUp();
    const gift = await createCodes(s.db, { kind: 'gift', webOfferId: 'gift_3_months', source: 'test' });
    const g: { expiresAt: string } = await result('RedeemComp', { userId: gifted.id, couponCode: gift.codes[0]! }, gifted.token);
    expect(await result('GetCustomerDetails', {}, gifted.token)).toMatchObject({
      isGifted: true,
      giftExpiresAt: g.expiresAt,
      isLifetime: false,
    });

    const licensed = await s.signUp();
    const volume = await createCodes(s.db, { kind: 'volume', months: -1, source: 'test' });
    expect(await result('RedeemVolumeLicense', { userId: licensed.id, couponCode: volume.codes[0]! }, licensed.token)).toEqual({
      redeemed: true,
      expiresAt: null,
      isLifetime: true,
    });
    expect(await result('GetCustomerDetails', {}, licensed.token)).toMatchObject({ isLifetime: true, isExpired: false });
  });

  test('each call takes its own kinds; unknown and expired codes, other parents and no session are refused', async () => {
    const parent = await s.signUp();
    const volume = await createCodes(s.db, { kind: 'volume', months: 12, source: 'test' });
    const coupon = await createCodes(s.db, { kind: 'coupon', webOfferId: 'coupon_annual', source: 'test' });
    const invalid = { code: 141, error: 'This code is not valid.', messageKey: 'CODE_INVALID' };
    expect((await s.call('RedeemComp', { userId: parent.id, couponCode: volume.codes[0]! }, { token: parent.token })).body).toEqual(
      invalid,
    );
    expect(
      (await s.call('RedeemVolumeLicense', { userId: parent.id, couponCode: coupon.codes[0]! }, { token: parent.token })).body,
    ).toEqual(invalid);
    expect((await s.call('RedeemComp', { userId: parent.id, couponCode: 'GIFTNOPE' }, { token: parent.token })).body).toEqual(invalid);

    const expiring = await createCodes(s.db, { kind: 'comp', months: 1, source: 'test', expiresAt: new Date(Date.now() + 60_000) });
    await s.db
      .updateTable('codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', expiring.codes[0]!)
      .execute();
    expect((await s.call('RedeemComp', { userId: parent.id, couponCode: expiring.codes[0]! }, { token: parent.token })).body).toEqual({
      code: 141,
      error: 'This code has expired.',
      messageKey: 'CODE_EXPIRED',
    });

    const other = await s.signUp();
    expect(
      (await s.call('RedeemVolumeLicense', { userId: other.id, couponCode: volume.codes[0]! }, { token: parent.token })).body,
    ).toMatchObject({ code: 119 });
    expect((await s.call('RedeemVolumeLicense', { userId: parent.id, couponCode: volume.codes[0]! })).body).toEqual({
      code: 209,
      error: 'Invalid session token',
    });
    // Refused attempts spent nothing.
    expect(await result('FindWebOfferByCouponCode', { code: volume.codes[0]! })).toMatchObject({ isCouponValid: true });
  });

  test('months are calendar months; a day the month lacks becomes its last', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-05-15T00:00:00Z'), 12).toISOString()).toBe('2027-05-15T00:00:00.000Z');
  });
});
