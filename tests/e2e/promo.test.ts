/**
 * Redeeming codes on /promo in the browser,
 * against the real backend, its demo codes (README "Demo codes") and the sandbox gateway —
 * nothing under /api is faked. What a parent reads is checked word for word.
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  arrivesAt,
  expectAccessible,
  expectHealthyScreen,
  heading,
  newParentEmail,
  storedClientState,
  useE2E,
  visible,
} from './harness.ts';
import { expectMessage, expectOrderSummary, fillCard, newParent, openPaymentPage, type PaymentPage } from './paymentsHelpers.ts';

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const subscriptionsOf = (userId: string) => db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
const userByEmail = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const sentBodies = (page: PaymentPage, fn: string) =>
  page.sentToServer.filter((r) => r.url.endsWith(`/api/functions/${fn}`)).map((r) => JSON.parse(r.body) as Record<string, unknown>);
/** The paths of the POSTs to /api, in order (`functions/CreateWebUser`, `login`...). */
const sentPaths = (page: PaymentPage) =>
  page.sentToServer
    .filter((r) => r.method === 'POST' && new URL(r.url).pathname.startsWith('/api/'))
    .map((r) => new URL(r.url).pathname.replace(/^\/api\//, ''));

/** What the family told us before signing up (client state), seeded before /promo opens. */
const ANSWERS = { referralToSave: 'A friend', ageToSave: '8', genderToSave: null, experienceToSave: 'Some' };

/** The signup payload that /promo sends, with ANSWERS held and `source` as the first touch. */
const promoSignup = (username: string, source: string, promoCode: string) => ({
  username,
  password: 'secret12',
  confirmPromoEmails: true,
  referral: 'A friend',
  age: '8',
  gender: null,
  experience: 'Some',
  attributionSource: source,
  promoCode,
  utmParamsObject: { utm_source: source },
  minerva_lead: false,
  captchaToken: 'local-captcha:promoRegister',
});

const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '739', name: 'Ada Lovelace' };

/** The error or info notification whose whole text is `text` (the copy exactly). */
async function expectNote(page: Page, text: string, role: 'alert' | 'status' = 'alert') {
  const note = page.getByRole(role).locator('.toast', { hasText: text });
  await visible(note, `the message '${text}'`);
  expect((await note.first().locator('.toast__text').innerText()).trim()).toBe(text);
  return note.first();
}

const codeField = (page: Page) => page.getByLabel('Promo code');
const invalidFields = (page: Page) => page.locator('[aria-invalid="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('name')));

/** A logged-in parent types a code and presses Redeem. */
async function redeem(page: Page, code: string) {
  await (await visible(codeField(page), 'the code field')).fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
}

/** On /promo-thankyou: the three steps. */
async function expectThankYou(page: Page) {
  await arrivesAt(page, (u) => u.pathname === '/promo-thankyou', '/promo-thankyou');
  await visible(page.getByRole('heading', { level: 1, name: 'Your code has been redeemed!' }), 'the thank-you heading');
  for (const step of ['Download the app', 'Sign in', 'Let the kids play'])
    await visible(page.getByText(step, { exact: true }), `the step '${step}'`);
  await visible(page.getByText('Sign in with your new email and password.', { exact: true }), 'the sign-in step');
  await expectAccessible(page, 'promo-thankyou');
}

describe('/promo logged out: register and redeem', () => {
  test(
    'every registration message in its order, ' + 'then a comp code creates the account and is redeemed with no payment screen',
    async () => {
      const email = newParentEmail('promo-comp');
      const page = await e2e.openPage('/promo', { viewport: { width: 390, height: 844 } });
      await heading(page, 'Redeem your code');
      // The register form: terms and offers checked by default, a captcha, and a login.
      expect(await page.getByLabel('I accept the Terms and Privacy Policy').isChecked()).toBe(true);
      expect(await page.getByLabel('Send me offers and news about Codeling').isChecked()).toBe(true);
      expect(await page.getByLabel('I am not a robot').isChecked()).toBe(false);
      expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      await expectAccessible(page, 'promo logged out');
      const submit = page.getByRole('button', { name: 'Create account and redeem' });

      // 1. captcha
      await submit.click();
      await expectNote(page, 'Please complete the reCaptcha requirements');
      expect(await invalidFields(page)).toEqual(['captcha']);
      await page.getByLabel('I am not a robot').check();
      // 2. email
      await submit.click();
      await expectNote(page, 'Please enter an email');
      expect(await invalidFields(page)).toEqual(['email']);
      await page.getByLabel('Email').fill(email);
      // 3. password
      await submit.click();
      await expectNote(page, 'Please enter a password');
      expect(await invalidFields(page)).toEqual(['password']);
      await page.getByLabel('Password', { exact: true }).fill('secret12');
      // 4. confirm
      await submit.click();
      await expectNote(page, 'Please confirm your password');
      expect(await invalidFields(page)).toEqual(['confirmPassword']);
      // 5. match
      await page.getByLabel('Confirm password').fill('secret13');
      await submit.click();
      await expectNote(page, 'Passwords do not match');
      await page.getByLabel('Confirm password').fill('secret12');
      // 6. a promo code, with its link to '/'
      await page.getByLabel('I accept the Terms and Privacy Policy').uncheck();
      await submit.click();
      const noCode = await expectNote(page, 'Please enter a promo code to continue. If you do not have a promo code, click here');
      expect(await noCode.getByRole('link', { name: 'click here' }).getAttribute('href')).toBe('/');
      expect(await invalidFields(page)).toEqual(['code']);
      await expectHealthyScreen(page, 'promo registration messages');
      // CS/CV codes are regrouped in blocks of 4 as they are typed.
      await codeField(page).pressSequentially('cscpdemolife0001');
      expect(await codeField(page).inputValue()).toBe('CSCP-DEMO-LIFE-0001');
      // 7. terms
      await submit.click();
      await expectNote(page, 'We cannot register you without accepting our Terms and Privacy Policy');
      expect(await invalidFields(page)).toEqual(['terms']);
      await page.getByLabel('I accept the Terms and Privacy Policy').check();
      // 8. a valid code: an unknown one is refused before any account is made.
      await codeField(page).fill('CSZZ-0000-0000');
      await submit.click();
      await expectNote(page, 'This code is not valid. Please check it and try again.');
      expect(await invalidFields(page)).toEqual(['code']);
      expect(await userByEmail(email)).toBeUndefined();
      expect(new URL(page.url()).pathname).toBe('/promo');

      // The comp code: account, login, redemption, thank-you — no payment screen.
      await codeField(page).fill('CSCP-DEMO-LIFE-0001');
      await submit.click();
      await expectThankYou(page);
      expect(page.visited.some((u) => new URL(u).pathname === '/promo-payment')).toBe(false);
      const user = await userByEmail(email);
      expect(user).toBeDefined();
      expect(await subscriptionsOf(user!.id)).toMatchObject([
        { status: 'Active', price_cents: 0, is_lifetime: true, source: 'comp', code: 'CSCPDEMOLIFE0001' },
      ]);
    },
  );

  test('a used code is refused before registering: "Sorry, this code has already been used."', async () => {
    const first = await newParent(e2e, 'gift-first');
    const firstPage = await e2e.openPage('/promo', { session: first });
    await redeem(firstPage, 'GIFTDEMO0003');
    await expectThankYou(firstPage);

    const email = newParentEmail('promo-reused');
    const page = await e2e.openPage('/promo');
    await heading(page);
    await page.getByLabel('I am not a robot').check();
    await codeField(page).fill('GIFTDEMO0003');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm password').fill('secret12');
    await page.getByRole('button', { name: 'Create account and redeem' }).click();
    await expectNote(page, 'Sorry, this code has already been used.');
    expect(new URL(page.url()).pathname).toBe('/promo');
    expect(await userByEmail(email)).toBeUndefined();
  });

  test(
    'an address that has an account: the warning on leaving the email field links to log in; ' +
      "registering anyway gets the shared-login message, not the server's words",
    async () => {
      const existing = await newParent(e2e, 'promo-existing');
      const page = await openPaymentPage(e2e, '/promo?utm_source=newsletter', null, { clientState: ANSWERS });
      await heading(page);
      await page.getByLabel('I am not a robot').check();
      await codeField(page).fill('SAVE50');
      await page.getByLabel('Email').fill(existing.email);
      await page.getByLabel('Password', { exact: true }).focus();
      // The warning and its link to /login?reason=existing-account (its 10 s: tests/unit/promo-codes.test.ts).
      const warningText = 'It looks like you have an account. Click here to log in.';
      const warning = await expectNote(page, warningText);
      expect(await warning.getByRole('link', { name: 'Click here' }).getAttribute('href')).toBe('/login?reason=existing-account');
      expect(sentBodies(page, 'GetUserExistsByUsername')).toEqual([{ username: existing.email }]);
      await expectHealthyScreen(page, 'promo existing-account warning');

      await page.getByLabel('Password', { exact: true }).fill('secret12');
      await page.getByLabel('Confirm password').fill('secret12');
      await page.getByRole('button', { name: 'Create account and redeem' }).click();
      // The copy has no <link> part of its own: the link follows the text.
      const shared = await expectNote(
        page,
        'An account with this email already exists. It is the shared login you ' +
          'use across all our sibling apps, so you can log in with it here. Log in',
      );
      expect(await shared.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?reason=existing-account');
      expect(await page.getByText('User already exists').count(), "the server's words are not shown").toBe(0);
      expect(new URL(page.url()).pathname).toBe('/promo');
      await expectHealthyScreen(page, 'promo shared-login message');
      // The signup payload, as /register sends it, with the code.
      const [signup, ...more] = sentBodies(page, 'CreateWebUser');
      expect(more).toEqual([]);
      expect(signup).toEqual(promoSignup(existing.email, 'newsletter', 'SAVE50'));
      expect(sentBodies(page, 'CreateNewWebUser')).toEqual([]);
    },
  );

  test(
    'with the unified login off (?variantOverride=unifiedLogin:off): ' +
      'the legacy CreateNewWebUser and login, then a mixed-case EDU code is redeemed',
    async () => {
      const email = newParentEmail('promo-legacy');
      const page = await openPaymentPage(e2e, '/promo?variantOverride=unifiedLogin:off&utm_source=flyer', null, { clientState: ANSWERS });
      await heading(page);
      await page.getByLabel('I am not a robot').check();
      await codeField(page).pressSequentially('eduDemo0001');
      expect(await codeField(page).inputValue(), 'EDU codes are upper-cased as typed').toBe('EDUDEMO0001');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret12');
      await page.getByLabel('Confirm password').fill('secret12');
      await page.getByRole('button', { name: 'Create account and redeem' }).click();
      await expectThankYou(page);
      expect(page.visited.some((u) => new URL(u).pathname === '/promo-payment')).toBe(false);

      // Look-up, legacy account, legacy login (not UserLogin), look-up again, redemption.
      const steps = [
        'functions/FindWebOfferByCouponCode',
        'functions/CreateWebUser',
        'functions/CreateNewWebUser',
        'functions/UserLogin',
        'login',
        'functions/RedeemVolumeLicense',
      ];
      expect(sentPaths(page).filter((p) => steps.includes(p))).toEqual([
        'functions/FindWebOfferByCouponCode',
        'functions/CreateNewWebUser',
        'login',
        'functions/FindWebOfferByCouponCode',
        'functions/RedeemVolumeLicense',
      ]);
      expect(sentBodies(page, 'CreateNewWebUser')).toEqual([promoSignup(email, 'flyer', 'EDUDEMO0001')]);
      const user = await userByEmail(email);
      expect(user).toBeDefined();
      expect(sentBodies(page, 'RedeemVolumeLicense')).toEqual([{ userId: user!.id, couponCode: 'EDUDEMO0001' }]);
      expect(await subscriptionsOf(user!.id)).toMatchObject([{ status: 'Active', price_cents: 0, code: 'EDUDEMO0001' }]);
    },
  );
});

describe('/promo logged in: the code only', () => {
  test('a paid coupon goes through /promo-payment and is bought with couponCode', async () => {
    const parent = await newParent(e2e, 'promo-paid');
    const page = await openPaymentPage(e2e, '/promo', parent);
    await heading(page);
    expect(await page.getByLabel('Email').count(), 'no register form when logged in').toBe(0);
    await expectAccessible(page, 'promo logged in');
    await codeField(page).pressSequentially('csdemo000001');
    expect(await codeField(page).inputValue()).toBe('CSDE-MO00-0001');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await arrivesAt(page, (u) => u.pathname === '/promo-payment', '/promo-payment');
    await visible(page.getByRole('heading', { level: 1, name: 'Complete your purchase' }), 'the payment heading');
    await expectOrderSummary(page, [
      'Annual Plan with your coupon: $49.99 charged after 7-day free trial. Cancel anytime.',
      "Today's charge $0.00",
    ]);
    await fillCard(page, VISA);
    await page.getByRole('button', { name: 'Join Now' }).click();
    await expectThankYou(page);
    const [purchase, ...more] = sentBodies(page, 'PurchaseSubscription');
    expect(more).toEqual([]);
    expect(purchase).toMatchObject({ couponCode: 'CSDE-MO00-0001', userId: parent.objectId });
    expect(purchase).not.toHaveProperty('promoCode');
    expect(sentBodies(page, 'FindWebOfferByCouponCode')[0]).toEqual({ code: 'CSDE-MO00-0001' });
    expect(await subscriptionsOf(parent.objectId)).toMatchObject([{ status: 'Active' }]);
  });

  test('volume licence and gift codes are redeemed directly; a reused code, an expired code and an unknown code say so', async () => {
    const parent = await newParent(e2e, 'promo-volume');
    const page = await openPaymentPage(e2e, '/promo', parent);
    await heading(page);
    // Unknown: error state.
    await redeem(page, 'SPRINGNOPE');
    await expectNote(page, 'This code is not valid. Please check it and try again.');
    expect(await invalidFields(page)).toEqual(['code']);
    expect(sentBodies(page, 'GetWebOfferByPromoCode')).toEqual([{ promoCode: 'SPRINGNOPE' }]);
    // Expired.
    await redeem(page, 'CSDE-MOEX-0001');
    await expectNote(page, 'Sorry, this code has expired.');
    // A volume licence: RedeemVolumeLicense, then the thank-you page.
    await redeem(page, 'cvdemo000001');
    await expectThankYou(page);
    expect(sentBodies(page, 'RedeemVolumeLicense')).toEqual([{ userId: parent.objectId, couponCode: 'CVDE-MO00-0001' }]);
    expect(page.visited.some((u) => new URL(u).pathname === '/promo-payment')).toBe(false);
    expect(await subscriptionsOf(parent.objectId)).toMatchObject([{ status: 'Active', price_cents: 0, source: 'volume' }]);

    // Someone else tries the same code.
    const other = await newParent(e2e, 'promo-volume-again');
    const again = await e2e.openPage('/promo', { session: other });
    await redeem(again, 'CVDE-MO00-0001');
    await expectNote(again, 'Sorry, this code has already been used.');
    expect(new URL(again.url()).pathname).toBe('/promo');
    expect(await subscriptionsOf(other.objectId)).toEqual([]);
  });

  test(
    'a parent whose plan has not expired: a comp code gives the not-expired info with its /my-account link; ' +
      'a paid offer goes to /my-account with the no-upgrade flag',
    async () => {
      const parent = await newParent(e2e, 'promo-active');
      const first = await e2e.openPage('/promo', { session: parent });
      await redeem(first, 'CSCP-DEMO-3MOS-0001');
      await expectThankYou(first);

      const page = await openPaymentPage(e2e, '/promo', parent);
      await redeem(page, 'CSCP-DEMO-3MOS-0002');
      const notExpired = "It seems your subscription hasn't expired yet. Please click here to view your account.";
      const info = await expectNote(page, notExpired, 'status');
      expect(await info.getByRole('link', { name: 'click here' }).getAttribute('href')).toBe('/my-account');
      expect(new URL(page.url()).pathname).toBe('/promo');
      await expectHealthyScreen(page, 'promo not-expired info');
      // It stays (until the parent closes it).
      await expectMessage(page, notExpired, 0, { role: 'status' });

      await redeem(page, 'SAVE50');
      await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account');
      await visible(
        page
          .getByRole('dialog')
          .getByText("It seems your subscription hasn't expired yet, so there is nothing to upgrade to with this offer.", { exact: false }),
        'the no-upgrade popup',
      );
      expect(page.visited.some((u) => new URL(u).pathname === '/promo-payment')).toBe(false);
    },
  );

  test("a GIFT code typed in mixed case ('GiftDemo0002') is upper-cased, looked up as a coupon and redeemed", async () => {
    const parent = await newParent(e2e, 'promo-gift-mixed');
    const page = await openPaymentPage(e2e, '/promo', parent);
    await heading(page);
    await (await visible(codeField(page), 'the code field')).pressSequentially('GiftDemo0002');
    expect(await codeField(page).inputValue()).toBe('GIFTDEMO0002');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expectThankYou(page);
    expect(sentBodies(page, 'FindWebOfferByCouponCode')).toEqual([{ code: 'GIFTDEMO0002' }]);
    expect(sentBodies(page, 'GetWebOfferByPromoCode'), 'not looked up as a web offer').toEqual([]);
    expect(sentBodies(page, 'RedeemComp')).toEqual([{ userId: parent.objectId, couponCode: 'GIFTDEMO0002' }]);
    expect(await subscriptionsOf(parent.objectId)).toMatchObject([
      { status: 'Active', price_cents: 0, source: 'gift', code: 'GIFTDEMO0002' },
    ]);
  });

  test('a gifted parent (not lifetime) buying a promo offer is marked as resubscribing', async () => {
    const parent = await newParent(e2e, 'promo-gifted');
    const first = await e2e.openPage('/promo', { session: parent });
    await redeem(first, 'GIFTDEMO0001');
    await expectThankYou(first);
    expect(await subscriptionsOf(parent.objectId)).toMatchObject([{ is_gifted: true, is_lifetime: false, source: 'gift' }]);

    const page = await e2e.openPage('/promo', { session: parent });
    await redeem(page, 'SAVE50');
    await arrivesAt(page, (u) => u.pathname === '/promo-payment', '/promo-payment');
    await heading(page);
    await expectOrderSummary(page, [
      'Annual Plan, half price: $39.99 charged after 7-day free trial. Cancel anytime.',
      "Today's charge $0.00",
    ]);
    const state = await storedClientState(page);
    expect(state).toMatchObject({ isResubscribe: true, webOfferCode: 'SAVE50', showNoUpgradePopup: false });
  });
});
