/**
 * Promo code formatting and sending (spec §5 "Promo code field", §4 "Promo code", §9 "Codes"):
 * CS and CV codes regrouped in blocks of 4, CS/CV/EDU sent as couponCode and the rest as
 * promoCode — in the functions and in funnels/promo.yaml as compiled, run with fake services.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Action } from '../../src/config/schema/actions.ts';
import { checkAndCompile } from '../../src/config/compile.ts';
import { canonicalCode, displayCode, isCouponCode } from '../../src/domain/codes.ts';
import { runActions } from '../../src/runtime/actions.ts';
import { formatPromoCode } from '../../src/runtime/promoCode.ts';
import { BackendError } from '../../src/adapters/backend/backend.ts';
import { fakeServices } from './runtime/fixtures.ts';
import { codesOf } from '../../src/blocks/codeList/codes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { compiled, diagnostics } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy' });
if (!compiled) throw new Error(`The funnel config has errors:\n${diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n')}`);

type AnyBlock = { type: string; name?: string; onSubmit?: Action[]; onPay?: Action[] };
const blocksOf = (id: string) => compiled.screens[id]!.blocks as unknown as AnyBlock[];
const form = (name: string) => blocksOf('promo').find((b) => b.type === 'form' && b.name === name)!.onSubmit!;
const onPay = blocksOf('promoPayment').find((b) => b.type === 'paymentForm')!.onPay!;

describe('code formatting (spec §5)', () => {
  test('CS and CV codes lose their dashes and are regrouped in blocks of 4, upper-cased', () => {
    expect(formatPromoCode('cs12345678')).toBe('CS12-3456-78');
    expect(formatPromoCode('CSCPDEMOLIFE0001')).toBe('CSCP-DEMO-LIFE-0001');
    expect(formatPromoCode('cv-de-mo00-0001')).toBe('CVDE-MO00-0001');
    expect(formatPromoCode('CS1-2345-678')).toBe('CS12-3456-78');
    expect(formatPromoCode(' Cv ab ')).toBe('CVAB');
    expect(displayCode('csde-mo00-0001')).toBe('CSDE-MO00-0001');
  });

  test('other codes are left as typed (GIFT, EDU, web-offer promo codes)', () => {
    expect(formatPromoCode('GIFTDEMO0001')).toBe('GIFTDEMO0001');
    expect(formatPromoCode('edu-demo-0001')).toBe('edu-demo-0001');
    expect(formatPromoCode('save50')).toBe('save50');
    expect(displayCode('giftdemo0001')).toBe('GIFTDEMO0001');
    expect(canonicalCode('CSDE-MO00 0001')).toBe('CSDEMO000001');
  });

  test('CS, CV and EDU codes are coupon codes; GIFT and the rest are not (§5)', () => {
    for (const code of ['CS12-3456', 'cv00-0001', 'EDUDEMO0001', 'edu1']) expect(isCouponCode(code), code).toBe(true);
    for (const code of ['GIFTDEMO0001', 'SAVE50', 'C5', 'SEDU']) expect(isCouponCode(code), code).toBe(false);
  });
});

describe('/promo-payment sends CS, CV and EDU as couponCode, others as promoCode (funnels/promo.yaml)', () => {
  const pay = async (webOfferCode: string) => {
    // The fake services read `payment.*` from their facts.
    const payment = { nonce: 'fake-valid-nonce', method: 'card', offerId: 'annual', offer: { planId: 'p', subscriptionDuration: 'annual' } };
    const { services, log } = fakeServices({ answers: { PurchaseSubscription: { subscriptionData: { id: 's1' } } }, facts: { 'user.objectId': 'u1', payment } });
    log.state.webOfferCode = webOfferCode;
    await runActions(onPay, services, { payment });
    const purchases = log.calls.filter((c) => c.fn === 'PurchaseSubscription');
    expect(purchases, webOfferCode).toHaveLength(1);
    return { input: purchases[0]!.input, log };
  };

  test.each(['CSDE-MO00-0001', 'cvde-mo00-0001', 'EDUDEMO0001', 'edudemo0001'])('%s → couponCode', async (code) => {
    const { input, log } = await pay(code);
    expect(input).toMatchObject({ couponCode: code, paymentMethodToken: 'fake-valid-nonce', webOfferId: 'annual' });
    expect(input).not.toHaveProperty('promoCode');
    expect(log.navigations).toEqual([{ href: '/promo-thankyou', replace: false }]);
  });

  test.each(['SAVE50', 'save50', 'GIFTDEMO0001'])('%s → promoCode', async (code) => {
    const { input } = await pay(code);
    expect(input).toMatchObject({ promoCode: code });
    expect(input).not.toHaveProperty('couponCode');
  });
});

describe('/promo logged in: what a code leads to (spec §4 "Promo code", §8 "Promo")', () => {
  const lookup = (extra: Record<string, unknown>) => ({ isCouponValid: true, isCouponCodeUsed: false, isCouponExpired: false, webOffer: null, ...extra });
  const submit = async (code: string, answers: Record<string, unknown>, facts: Record<string, unknown> = {}) => {
    const { services, log } = fakeServices({ answers, facts: { 'session.loggedIn': true, 'user.objectId': 'u1', ...facts } });
    await runActions(form('promoCode'), services, { form: { code }, markField: (f) => void log.marked.push(f) });
    return log;
  };

  test('a comp code is looked up as a coupon and redeemed with RedeemComp, then /promo-thankyou', async () => {
    const log = await submit('CSCP-DEMO-LIFE-0001', { FindWebOfferByCouponCode: lookup({ kind: 'comp', compMonths: -1 }), RedeemComp: { redeemed: true } });
    expect(log.calls).toEqual([
      { fn: 'FindWebOfferByCouponCode', input: { code: 'CSCP-DEMO-LIFE-0001' }, idempotencyKey: undefined },
      { fn: 'RedeemComp', input: { userId: 'u1', couponCode: 'CSCP-DEMO-LIFE-0001' }, idempotencyKey: undefined },
    ]);
    expect(log.navigations).toEqual([{ href: '/promo-thankyou', replace: false }]);
  });

  test('volume and bulk codes use RedeemVolumeLicense; GIFT codes are looked up as coupons and use RedeemComp', async () => {
    for (const [code, kind, fn] of [
      ['CVDE-MO00-0001', 'volume', 'RedeemVolumeLicense'],
      ['EDUDEMO0001', 'bulk', 'RedeemVolumeLicense'],
      ['giftdemo0001', 'gift', 'RedeemComp'],
    ] as const) {
      const log = await submit(code, { FindWebOfferByCouponCode: lookup({ kind }), [fn]: { redeemed: true } });
      expect(log.calls.map((c) => c.fn), code).toEqual(['FindWebOfferByCouponCode', fn]);
      expect(log.navigations, code).toEqual([{ href: '/promo-thankyou', replace: false }]);
    }
  });

  test('a paid coupon keeps its offer and code and goes to /promo-payment', async () => {
    const webOffer = { id: 'annual_coupon', price: 49.99 };
    const log = await submit('CSDE-MO00-0001', { FindWebOfferByCouponCode: lookup({ kind: 'coupon', webOffer }) });
    expect(log.state).toMatchObject({ webOffer, webOfferCode: 'CSDE-MO00-0001', promoCouponCode: 'CSDE-MO00-0001' });
    expect(log.navigations).toEqual([{ href: '/promo-payment', replace: false }]);
  });

  test('a web-offer promo code is looked up with GetWebOfferByPromoCode', async () => {
    const log = await submit('SAVE50', { GetWebOfferByPromoCode: { id: 'promo_annual_half_price' } });
    expect(log.calls.map((c) => [c.fn, c.input])).toEqual([['GetWebOfferByPromoCode', { promoCode: 'SAVE50' }]]);
    expect(log.navigations).toEqual([{ href: '/promo-payment', replace: false }]);
  });

  test('a paid coupon without an offer: the generic message, nowhere to go', async () => {
    const log = await submit('CSDE-MO00-0001', { FindWebOfferByCouponCode: lookup({ kind: 'coupon', webOffer: null }) });
    expect(log.notes.map((n) => n.text)).toEqual(['common:somethingWentWrong']);
    expect(log.navigations).toEqual([]);
  });

  test('an unexpired plan: /my-account with showNoUpgradePopup; gifted and not lifetime: resubscribing, on to /promo-payment', async () => {
    const active = await submit('SAVE50', { GetWebOfferByPromoCode: { id: 'o' } }, { 'customer.hasPlan': true, 'customer.expired': false });
    expect(active.state).toMatchObject({ showNoUpgradePopup: true });
    expect(active.navigations).toEqual([{ href: '/my-account', replace: false }]);
    const gifted = await submit('SAVE50', { GetWebOfferByPromoCode: { id: 'o' } }, { 'customer.hasPlan': true, 'customer.expired': false, 'customer.gifted': true });
    expect(gifted.state).toMatchObject({ isResubscribe: true });
    expect(gifted.state.showNoUpgradePopup).toBeUndefined();
    expect(gifted.navigations).toEqual([{ href: '/promo-payment', replace: false }]);
    const lifetime = await submit('SAVE50', { GetWebOfferByPromoCode: { id: 'o' } }, { 'customer.hasPlan': true, 'customer.gifted': true, 'customer.lifetime': true });
    expect(lifetime.navigations).toEqual([{ href: '/my-account', replace: false }]);
  });

  test('the messages of §8: used, the redeem refusals, an invalid code marks the field', async () => {
    const used = await submit('CSCP-DEMO-LIFE-0001', { FindWebOfferByCouponCode: lookup({ kind: 'comp', isCouponValid: false, isCouponCodeUsed: true }) });
    expect(used.notes.map((n) => n.text)).toEqual(['promo:errors.alreadyUsed']);
    expect(used.marked).toEqual(['code']);
    const invalid = await submit('CSZZ0000', { FindWebOfferByCouponCode: lookup({ kind: null, isCouponValid: false }) });
    expect(invalid.notes.map((n) => n.text)).toEqual(['promo:errors.invalid']);
    expect(invalid.marked).toEqual(['code']);
    const redeem = (error: Error) => submit('CSCP-DEMO-LIFE-0001', { FindWebOfferByCouponCode: lookup({ kind: 'comp' }), RedeemComp: error });
    expect((await redeem(new BackendError(141, 'This code was already used.'))).notes.map((n) => n.text)).toEqual(['promo:errors.alreadyUsed']);
    const active = (await redeem(new BackendError(141, "It seems your subscription hasn't expired yet.", 'SUBSCRIPTION_ACTIVE'))).notes;
    expect(active).toMatchObject([{ text: 'promo:errors.notExpired', level: 'info', link: { href: '/my-account' } }]);
    expect((await redeem(new BackendError(141, 'boom'))).notes.map((n) => n.text)).toEqual(['promo:errors.redeem']);
  });

  test('no code: the §5 message with its link to /, the field marked, no call', async () => {
    const log = await submit('', {});
    expect(log.calls).toEqual([]);
    expect(log.notes).toMatchObject([{ text: 'promo:errors.codeRequired', level: 'error', ms: 5000, link: { href: '/' } }]);
    expect(log.marked).toEqual(['code']);
  });
});

describe('the codes a purchase gave, as the codeList block reads them (gift and volume pages)', () => {
  test('a list, a list written as JSON (from the query), one code; nothing else', () => {
    expect(codesOf(['GIFTAB12', 'GIFTCD34'])).toEqual(['GIFTAB12', 'GIFTCD34']);
    expect(codesOf('["CVAB-CD12-EF34","CVGH-IJ56-KL78"]')).toEqual(['CVAB-CD12-EF34', 'CVGH-IJ56-KL78']);
    expect(codesOf('GIFTAB12')).toEqual(['GIFTAB12']);
    expect(codesOf('["<script>", 7, "GIFTOK"]')).toEqual(['GIFTOK']);
    expect(codesOf('[not json')).toEqual([]);
    expect(codesOf(undefined)).toEqual([]);
    expect(codesOf({ codes: ['X'] })).toEqual([]);
  });
});
