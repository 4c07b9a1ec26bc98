/**
 * Promo code formatting and sending:
 * CS and CV codes regrouped in blocks of 4, CS/CV/GIFT/EDU upper-cased, CS/CV/EDU sent as
 * couponCode and the rest as promoCode; the /promo registration — in the functions
 * and in funnels/promo.yaml as compiled, run with fake services.
 */

import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { codesOf } from '../../src/blocks/codeList/codes.ts';
import { blocks } from '../../src/blocks/registry.ts';
import { checkAndCompile } from '../../src/compiler/compile.ts';
import { CallError } from '../../src/contract/wire.ts';
import { canonicalCode, displayCode, isCouponCode } from '../../src/domain/codes.ts';
import type { Action } from '../../src/language/schema/actions.ts';
import { runActions } from '../../src/runtime/actions.ts';
import { formatPromoCode } from '../../src/runtime/promoCode.ts';
import { fakeServices } from './runtime/fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { compiled, diagnostics } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
if (!compiled) throw new Error(`The funnel config has errors:\n${diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n')}`);

type AnyBlock = { type: string; name?: string; onSubmit?: Action[]; onPay?: Action[] };
const blocksOf = (id: string) => compiled.screens[id]!.blocks as unknown as AnyBlock[];
const form = (name: string) => blocksOf('promo').find((b) => b.type === 'form' && b.name === name)!.onSubmit!;
const onPay = blocksOf('promoPayment').find((b) => b.type === 'paymentForm')!.onPay!;

describe('code formatting', () => {
  test('CS and CV codes lose their dashes and are regrouped in blocks of 4, upper-cased', () => {
    expect(formatPromoCode('cs12345678')).toBe('CS12-3456-78');
    expect(formatPromoCode('CSCPDEMOLIFE0001')).toBe('CSCP-DEMO-LIFE-0001');
    expect(formatPromoCode('cv-de-mo00-0001')).toBe('CVDE-MO00-0001');
    expect(formatPromoCode('CS1-2345-678')).toBe('CS12-3456-78');
    expect(formatPromoCode(' Cv ab ')).toBe('CVAB');
    expect(displayCode('csde-mo00-0001')).toBe('CSDE-MO00-0001');
  });

  test('GIFT and EDU codes (any case) are upper-cased but not regrouped (coupon lookups are upper case)', () => {
    expect(formatPromoCode('GIFTDEMO0001')).toBe('GIFTDEMO0001');
    expect(formatPromoCode('GiftDemo0002')).toBe('GIFTDEMO0002');
    expect(formatPromoCode('giftdemo0001')).toBe('GIFTDEMO0001');
    expect(formatPromoCode('edu-demo-0001')).toBe('EDU-DEMO-0001');
    expect(formatPromoCode(' eDuDemo0001 ')).toBe('EDUDEMO0001');
  });

  test('while typed: a prefix is upper-cased as soon as it is complete', () => {
    const typed = (code: string) => [...code].reduce((value, c) => formatPromoCode(value + c), '');
    expect(typed('gi')).toBe('gi');
    expect(typed('gift')).toBe('GIFT');
    expect(typed('giftdemo0001')).toBe('GIFTDEMO0001');
    expect(typed('Edudemo0001')).toBe('EDUDEMO0001');
    expect(typed('cvdemo000001')).toBe('CVDE-MO00-0001');
  });

  test('other codes are left as typed (web-offer promo codes, even ones with a coupon prefix inside)', () => {
    expect(formatPromoCode('save50')).toBe('save50');
    expect(formatPromoCode('Spring50')).toBe('Spring50');
    expect(formatPromoCode('sedu1')).toBe('sedu1');
    expect(formatPromoCode('gif7')).toBe('gif7');
    expect(displayCode('giftdemo0001')).toBe('GIFTDEMO0001');
    expect(canonicalCode('CSDE-MO00 0001')).toBe('CSDEMO000001');
  });

  test('CS, CV and EDU codes are coupon codes; GIFT and the rest are not', () => {
    for (const code of ['CS12-3456', 'cv00-0001', 'EDUDEMO0001', 'edu1']) expect(isCouponCode(code), code).toBe(true);
    for (const code of ['GIFTDEMO0001', 'SAVE50', 'C5', 'SEDU']) expect(isCouponCode(code), code).toBe(false);
  });
});

describe('/promo-payment sends CS, CV and EDU as couponCode, others as promoCode (funnels/promo.yaml)', () => {
  const pay = async (webOfferCode: string) => {
    // The fake services read `payment.*` from their facts.
    const payment = {
      nonce: 'fake-valid-nonce',
      method: 'card',
      offerId: 'annual',
      offer: { planId: 'p', subscriptionDuration: 'annual' },
    };
    const { services, log } = fakeServices({
      answers: { PurchaseSubscription: { subscriptionData: { id: 's1' } } },
      facts: { 'user.objectId': 'u1', payment },
    });
    log.state.webOfferCode = webOfferCode;
    await runActions(onPay, services, { payment });
    const purchases = log.calls.filter((c) => c.fn === 'PurchaseSubscription');
    expect(purchases, webOfferCode).toHaveLength(1);
    return { input: purchases[0]!.input, log };
  };

  // webOfferCode is the code as the /promo field wrote it (formatPromoCode).
  test.each(['CSDE-MO00-0001', 'cvde-mo00-0001', 'EDUDEMO0001', 'edudemo0001', 'EduDemo0001'])('%s → couponCode', async (typed) => {
    const code = formatPromoCode(typed);
    const { input, log } = await pay(code);
    expect(input).toMatchObject({ couponCode: code, paymentMethodToken: 'fake-valid-nonce', webOfferId: 'annual' });
    expect(input).not.toHaveProperty('promoCode');
    expect(log.navigations).toEqual([{ href: '/promo-thankyou', replace: false }]);
  });

  test.each(['SAVE50', 'save50', 'GIFTDEMO0001', 'giftDemo0001'])('%s → promoCode', async (typed) => {
    const code = formatPromoCode(typed);
    const { input } = await pay(code);
    expect(input).toMatchObject({ promoCode: code });
    expect(input).not.toHaveProperty('couponCode');
  });
});

describe('/promo logged in: what a code leads to', () => {
  const lookup = (extra: Record<string, unknown>) => ({
    isCouponValid: true,
    isCouponCodeUsed: false,
    isCouponExpired: false,
    webOffer: null,
    ...extra,
  });
  // The form hands the actions the code as its field wrote it (formatPromoCode).
  const submit = async (typed: string, answers: Record<string, unknown>, facts: Record<string, unknown> = {}) => {
    const { services, log } = fakeServices({ answers, facts: { 'session.loggedIn': true, 'user.objectId': 'u1', ...facts } });
    await runActions(form('promoCode'), services, { form: { code: formatPromoCode(typed) }, markField: (f) => void log.marked.push(f) });
    return log;
  };

  test('a comp code is looked up as a coupon and redeemed with RedeemComp, then /promo-thankyou', async () => {
    const log = await submit('CSCP-DEMO-LIFE-0001', {
      FindWebOfferByCouponCode: lookup({ kind: 'comp', compMonths: -1 }),
      RedeemComp: { redeemed: true },
    });
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
      ['GiftDemo0002', 'gift', 'RedeemComp'],
      ['eduDemo0002', 'bulk', 'RedeemVolumeLicense'],
    ] as const) {
      const log = await submit(code, { FindWebOfferByCouponCode: lookup({ kind }), [fn]: { redeemed: true } });
      expect(
        log.calls.map((c) => c.fn),
        code,
      ).toEqual(['FindWebOfferByCouponCode', fn]);
      // Looked up and redeemed upper-cased.
      expect(
        log.calls.map((c) => (c.input as { code?: string; couponCode?: string }).code ?? (c.input as { couponCode?: string }).couponCode),
        code,
      ).toEqual([code.toUpperCase(), code.toUpperCase()]);
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
    const gifted = await submit(
      'SAVE50',
      { GetWebOfferByPromoCode: { id: 'o' } },
      { 'customer.hasPlan': true, 'customer.expired': false, 'customer.gifted': true },
    );
    expect(gifted.state).toMatchObject({ isResubscribe: true });
    expect(gifted.state.showNoUpgradePopup).toBeUndefined();
    expect(gifted.navigations).toEqual([{ href: '/promo-payment', replace: false }]);
    const lifetime = await submit(
      'SAVE50',
      { GetWebOfferByPromoCode: { id: 'o' } },
      { 'customer.hasPlan': true, 'customer.gifted': true, 'customer.lifetime': true },
    );
    expect(lifetime.navigations).toEqual([{ href: '/my-account', replace: false }]);
  });

  test('the messages: used, the redeem refusals, an invalid code marks the field', async () => {
    const used = await submit('CSCP-DEMO-LIFE-0001', {
      FindWebOfferByCouponCode: lookup({ kind: 'comp', isCouponValid: false, isCouponCodeUsed: true }),
    });
    expect(used.notes.map((n) => n.text)).toEqual(['promo:errors.alreadyUsed']);
    expect(used.marked).toEqual(['code']);
    const invalid = await submit('CSZZ0000', { FindWebOfferByCouponCode: lookup({ kind: null, isCouponValid: false }) });
    expect(invalid.notes.map((n) => n.text)).toEqual(['promo:errors.invalid']);
    expect(invalid.marked).toEqual(['code']);
    const redeem = (error: Error) =>
      submit('CSCP-DEMO-LIFE-0001', { FindWebOfferByCouponCode: lookup({ kind: 'comp' }), RedeemComp: error });
    expect((await redeem(new CallError(141, 'This code was already used.'))).notes.map((n) => n.text)).toEqual([
      'promo:errors.alreadyUsed',
    ]);
    const active = (await redeem(new CallError(141, "It seems your subscription hasn't expired yet.", 'SUBSCRIPTION_ACTIVE'))).notes;
    // It stays until closed (ms 0).
    expect(active).toMatchObject([{ text: 'promo:errors.notExpired', level: 'info', ms: 0, link: { href: '/my-account' } }]);
    expect((await redeem(new CallError(141, 'boom'))).notes.map((n) => n.text)).toEqual(['promo:errors.redeem']);
  });

  test('no code: the message with its link to /, the field marked, no call', async () => {
    const log = await submit('', {});
    expect(log.calls).toEqual([]);
    expect(log.notes).toMatchObject([{ text: 'promo:errors.codeRequired', level: 'error', ms: 5000, link: { href: '/' } }]);
    expect(log.marked).toEqual(['code']);
  });
});

describe('/promo logged out: the registration', () => {
  const fields = {
    code: 'GIFTDEMO0002',
    email: 'new@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
    terms: true,
    offers: true,
    captcha: 'local-captcha:promoRegister',
  };
  const lookup = { isCouponValid: true, isCouponCodeUsed: false, isCouponExpired: false, kind: 'gift', webOffer: null };
  const register = async (unifiedLogin: 'on' | 'off', answers: Record<string, unknown>, code = fields.code) => {
    const { services, log } = fakeServices({
      answers: {
        FindWebOfferByCouponCode: lookup,
        GetWebOfferByPromoCode: { id: 'promo_annual_half_price' },
        login: { objectId: 'u1' },
        RedeemComp: { redeemed: true },
        ...answers,
      },
      facts: { 'flag.unifiedLogin': unifiedLogin, 'user.objectId': 'u1' },
    });
    log.state.referralToSave = 'A friend';
    log.state.ageToSave = '8';
    log.state.experienceToSave = 'Some';
    await runActions(form('promoRegister'), services, { form: { ...fields, code }, markField: (f) => void log.marked.push(f) });
    return log;
  };
  const signup = {
    username: 'new@example.com',
    password: 'secret12',
    confirmPromoEmails: true,
    referral: 'A friend',
    age: '8',
    experience: 'Some',
    promoCode: 'GIFTDEMO0002',
    minerva_lead: false,
    captchaToken: 'local-captcha:promoRegister',
  };

  test('leaving the email field: an address that has an account gets the 10 s warning with its link to log in', async () => {
    type Field = { name: string; onBlur?: Action[] };
    const registerForm = blocksOf('promo').find((b) => b.type === 'form' && b.name === 'promoRegister') as unknown as { fields: Field[] };
    const onBlur = registerForm.fields.find((f) => f.name === 'email')!.onBlur!;
    const blur = async (exists: boolean) => {
      const { services, log } = fakeServices({ answers: { GetUserExistsByUsername: { exists } } });
      await runActions(onBlur, services, { form: { email: 'parent@example.com' } });
      return log;
    };
    const known = await blur(true);
    expect(known.calls).toMatchObject([{ fn: 'GetUserExistsByUsername', input: { username: 'parent@example.com' } }]);
    expect(known.notes).toMatchObject([
      { text: 'account:register.existingAccount', level: 'warning', ms: 10000, link: { href: '/login?reason=existing-account' } },
    ]);
    expect((await blur(false)).notes).toEqual([]);
  });

  test('unified login on: CreateWebUser with the signup payload, the login, then the code is redeemed', async () => {
    const log = await register('on', { CreateWebUser: { success: true, sessionToken: 't', id: 'u1' } });
    expect(log.calls.map((c) => c.fn)).toEqual([
      'FindWebOfferByCouponCode',
      'CreateWebUser',
      'login',
      'FindWebOfferByCouponCode',
      'RedeemComp',
    ]);
    expect(log.calls[1]!.input).toMatchObject(signup);
    expect(log.calls[1]!.input).toHaveProperty('attributionSource');
    expect(log.navigations).toEqual([{ href: '/promo-thankyou', replace: false }]);
  });

  test('unified login off: the legacy CreateNewWebUser with the same payload, the login, the same redemption', async () => {
    const log = await register('off', { CreateNewWebUser: { id: 'u1' } });
    expect(log.calls.map((c) => c.fn)).toEqual([
      'FindWebOfferByCouponCode',
      'CreateNewWebUser',
      'login',
      'FindWebOfferByCouponCode',
      'RedeemComp',
    ]);
    expect(log.calls[1]!.input).toMatchObject(signup);
    expect(log.navigations).toEqual([{ href: '/promo-thankyou', replace: false }]);
    // A web offer's promo code: registered the legacy way too, then on to /promo-payment.
    const paid = await register('off', { CreateNewWebUser: { id: 'u1' } }, 'SAVE50');
    expect(paid.calls.map((c) => c.fn)).toEqual(['GetWebOfferByPromoCode', 'CreateNewWebUser', 'login', 'GetWebOfferByPromoCode']);
    expect(paid.navigations).toEqual([{ href: '/promo-payment', replace: false }]);
  });

  test(
    "'User already exists' is the shared-login message with its link to log in; " +
      "other refusals are the server's text, or 'Invalid email/password'",
    async () => {
      const exists = await register('on', { CreateWebUser: new CallError(202, 'User already exists', 'USER_ALREADY_EXISTS') });
      expect(exists.notes).toMatchObject([
        { text: 'account:register.sharedAccountExists', level: 'error', link: { href: '/login?reason=existing-account' } },
      ]);
      expect(exists.calls.map((c) => c.fn)).toEqual(['FindWebOfferByCouponCode', 'CreateWebUser']);
      expect(exists.navigations).toEqual([]);
      const refused = await register('on', { CreateWebUser: new CallError(141, 'Please complete the captcha.', 'CAPTCHA_FAILED') });
      expect(refused.notes).toMatchObject([{ text: 'Please complete the captcha.', literal: true }]);
      const wordless = await register('on', { CreateWebUser: new CallError(141, '') });
      expect(wordless.notes).toMatchObject([{ text: 'account:register.invalidEmailPassword', literal: false }]);
      const legacy = await register('off', { CreateNewWebUser: new CallError(141, '') });
      expect(legacy.notes).toMatchObject([{ text: 'account:register.invalidEmailPassword', literal: false }]);
    },
  );
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
