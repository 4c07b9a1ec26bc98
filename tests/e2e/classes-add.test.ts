/**
 * The free-class funnel and adding classes (with
 * the add-classes alerts) walked in the browser against the real backend and the sandbox
 * gateway: the landing with its carousel, the free-class sign-up and schedule, the optimizely
 * variant, the add-classes login alerts, semester and drop-in purchases with their thank-you
 * pages and booking widgets, and every redirect rule.
 */
import { describe, expect, test } from 'vitest';
import { CLIENT_STATE_KEY, SESSION_KEY } from '../../src/browser/storageKeys.ts';
import { BOOKING_ORIGIN, CLASS_SUPPORT, fakeBookingProvider, giveAnnualPlan, VISA_CLASSES } from './classesHelpers.ts';
import { arrivesAt, expectHealthyScreen, heading, newParentEmail, storedClientState, useE2E, visible } from './harness.ts';
import {
  expectMessage,
  expectOrderSummary,
  fillCard,
  newParent,
  openPaymentPage,
  type PaymentPage,
  type Session,
} from './paymentsHelpers.ts';

/** The add-classes form names the postal code 'Postal code'. */
const ADD_CLASS_LABELS = { name: 'Cardholder name' };

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const subscriptionsOf = (userId: string) => db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
const crmUpdatesOf = (userId: string) =>
  db()
    .selectFrom('outbox')
    .select(['name', 'payload'])
    .where('name', '=', 'crm.updateAfterAddClass')
    .execute()
    .then((rows) => rows.filter((r) => (r.payload as { userId?: string }).userId === userId));
const bodyOf = (page: PaymentPage, fn: string) =>
  page.sentToServer.filter((r) => r.url.endsWith(`/api/functions/${fn}`)).map((r) => JSON.parse(r.body) as Record<string, unknown>);
const mainSite = (u: URL) => u.hostname === 'www.codeling.example';
const storedSession = (page: PaymentPage) => page.evaluate((k) => localStorage.getItem(k), SESSION_KEY);

async function subscriber(label: string): Promise<Session> {
  const parent = await newParent(e2e, label);
  await giveAnnualPlan(e2e.url, parent);
  return parent;
}

describe('free class', () => {
  test(
    "the landing: 'Try a Free Class!', reviews every 2000 ms, the rating, " +
      'media logos, three courses for ages 5-10, 3 steps, an FAQ of 4',
    async () => {
      const page = await e2e.openPage('/tryclassesfree', { before: (p) => p.clock.install() });
      await heading(page);
      await visible(page.getByRole('link', { name: 'Try a Free Class!' }), "'Try a Free Class!'");
      const review = (n: number) => page.getByRole('group', { name: `Review ${n} of 3` });
      const shown = async () =>
        Number(/Review (\d) of 3/.exec((await page.locator('.reviews__slide').getAttribute('aria-label')) ?? '')?.[1]);
      await visible(review(1), 'the first review');
      // The page's clock stands still from here; pausing and playing again restarts the autoplay now.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      await page.getByRole('button', { name: 'Pause reviews' }).click();
      const paused = await shown();
      await page.clock.runFor(6000);
      expect(await shown(), 'paused: the review stays').toBe(paused);
      await page.getByRole('button', { name: 'Play reviews' }).click();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);
      await page.clock.runFor(1990);
      expect(await shown(), 'still the same review 1990 ms later').toBe(paused);
      await page.clock.runFor(20);
      await expect.poll(shown, { message: 'the next review 2000 ms later' }).toBe((paused % 3) + 1);
      await page.clock.runFor(2000);
      await expect.poll(shown, { message: 'and the next one 2000 ms after that' }).toBe(((paused + 1) % 3) + 1);
      await page.clock.resume();

      await visible(page.getByText('Rated 4.5 out of 5 stars by parents', { exact: true }), 'the rating');
      await visible(page.getByRole('heading', { name: 'As seen in' }), 'the media logos');
      expect(await page.locator('.awards__logo').count()).toBe(4);
      await visible(page.getByRole('heading', { name: 'Courses for ages 5-10' }), 'the courses');
      for (const course of ['Intro to Game Making', 'Intro to Story Building', 'Intro to Codeling'])
        await visible(page.getByText(course, { exact: true }), course);
      expect(await page.locator('.steps__item').count()).toBe(3);
      expect(await page.locator('.faq__item').count()).toBe(4);
      await expectHealthyScreen(page, 'tryclassesfree');

      await page.getByRole('link', { name: 'Try a Free Class!' }).click();
      await arrivesAt(page, (u) => u.pathname === '/tryclassesfree-signup', '/tryclassesfree-signup');
    },
  );

  test('STEP 1 OF 2 sign-up → STEP 2 OF 2 schedule with the scheduling widget', async () => {
    const page = await openPaymentPage(e2e, '/tryclassesfree-signup', null, { before: async (p) => void (await fakeBookingProvider(p)) });
    await visible(page.getByText('STEP 1 OF 2', { exact: true }), 'STEP 1 OF 2');
    await expectHealthyScreen(page, 'tryclassesfree-signup');
    await page.getByLabel('Email').fill(newParentEmail('free'));
    await page.getByLabel('Password').fill('secret12');
    // Terms and offers checked by default; the parent may decline the offers.
    const checkboxes = page.getByRole('checkbox');
    expect(await checkboxes.count()).toBe(2);
    for (const box of await checkboxes.all()) expect(await box.isChecked()).toBe(true);
    await checkboxes.nth(1).uncheck();
    await page.getByRole('button', { name: 'NEXT' }).click();
    await arrivesAt(page, (u) => u.pathname === '/tryclassesfree-schedule', '/tryclassesfree-schedule');
    expect(bodyOf(page, 'CreateNewWebUser')[0]).toMatchObject({
      minerva_lead: true,
      confirmPromoEmails: false,
      captchaToken: 'local-captcha:tryClassesRegistration',
    });
    await visible(page.getByText('STEP 2 OF 2', { exact: true }), 'STEP 2 OF 2');
    expect(await (await visible(page.getByTitle('Class booking calendar'), 'the widget')).getAttribute('src')).toBe(
      `${BOOKING_ORIGIN}/free-class`,
    );
    const calendar = page.frameLocator('iframe[title="Class booking calendar"]');
    await (await visible(calendar.getByRole('button', { name: 'Monday 4:00pm EST' }), 'a slot')).click();
    await visible(calendar.getByRole('button', { name: 'Booked' }), 'the slot booked in the widget');
    await visible(page.getByText(`Questions? Contact our class support team at ${CLASS_SUPPORT}.`, { exact: true }), 'the support contact');
    await expectHealthyScreen(page, 'tryclassesfree-schedule');
  });

  test('with the optimizely variant the sign-up continues in the live-class funnel (/tryclasses-signup, then its payment)', async () => {
    const page = await openPaymentPage(e2e, '/tryclassesfree-signup?variantOverride=receivedOptimizelyVariant:on', null);
    await (await visible(page.getByLabel('Email'), 'the email field')).fill(newParentEmail('optimizely'));
    await page.getByLabel('Password').fill('secret12');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await arrivesAt(page, (u) => u.pathname === '/tryclasses-payment', 'the live-class payment');
    expect(page.visited.map((u) => new URL(u).pathname)).toContain('/tryclasses-signup');
    expect(page.visited.map((u) => new URL(u).pathname)).not.toContain('/tryclassesfree-schedule');
    await visible(page.getByText('STEP 3 OF 4', { exact: true }), 'STEP 3 OF 4');
  });
});

describe('add classes: login', () => {
  test('/addclasses-login with no added class goes to /addclasses (the main site), but not on a reload', async () => {
    const page = await e2e.openPage('/addclasses-login');
    await arrivesAt(page, mainSite, 'the main site');

    const withClass = await e2e.openPage('/addclasses-login', { clientState: { minervaAddedClassId: 'addon_one_class' } });
    await visible(withClass.getByText('STEP 1 OF 3', { exact: true }), 'STEP 1 OF 3');
    await withClass.evaluate(() => localStorage.clear());
    await withClass.reload();
    await visible(withClass.getByText('STEP 1 OF 3', { exact: true }), 'the login again after a reload with no class');
    expect(new URL(withClass.url()).pathname).toBe('/addclasses-login');
  });

  test('/addclasses-login when already logged in goes to /addclasses-payment', async () => {
    const parent = await subscriber('add-logged-in');
    const page = await e2e.openPage('/addclasses-login', { session: parent, clientState: { minervaAddedClassId: 'addon_one_class' } });
    await arrivesAt(page, (u) => u.pathname === '/addclasses-payment', '/addclasses-payment');
  });

  test(
    "the alerts: 'Please enter your email and password.', 'No account found for {email}.' " +
      "and 'Account {email} has no active subscription.' with Signup links, 10 s each (" +
      'class-funnel notifications 3-10 s); the session of an account without a plan is cleared',
    async () => {
      const page = await openPaymentPage(e2e, '/addclasses-login?class=addon_four_classes', null);
      await visible(page.getByText('STEP 1 OF 3', { exact: true }), 'STEP 1 OF 3');
      expect(await page.getByRole('link', { name: 'BACK' }).getAttribute('href')).toBe('/addclasses');
      expect(await page.getByRole('link', { name: /forgot/i }).getAttribute('href')).toBe('/reset-password');
      await expectHealthyScreen(page, 'addclasses-login');
      await page.getByRole('button', { name: 'Log In' }).click();
      await visible(
        page.locator('.toast', { hasText: 'Please enter your email and password.' }),
        "'Please enter your email and password.'",
      );

      const nobody = newParentEmail('nobody');
      await page.getByLabel('Email').fill(nobody);
      await page.getByLabel('Password').fill('secret12');
      await page.getByRole('button', { name: 'Log In' }).click();
      const noAccount = await visible(page.locator('.toast', { hasText: `No account found for ${nobody}.` }), "the 'no-account' alert");
      expect(await noAccount.getByRole('link', { name: 'Signup' }).count()).toBe(1);
      await expectMessage(page, `No account found for ${nobody}.`, 10_000, { leewayMs: 500, link: 'Signup' });

      const planless = await newParent(e2e, 'planless');
      await page.getByLabel('Email').fill(planless.email);
      await page.getByRole('button', { name: 'Log In' }).click();
      const noPlan = await visible(
        page.locator('.toast', { hasText: `Account ${planless.email} has no active subscription.` }),
        "the 'no-subscription' alert",
      );
      expect(await noPlan.getByRole('link', { name: 'Signup' }).count()).toBe(1);
      await expect.poll(() => storedSession(page)).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/addclasses-login');
      await expectMessage(page, `Account ${planless.email} has no active subscription.`, 10_000, { leewayMs: 500, link: 'Signup' });
    },
  );

  test(
    'a first login with an account without a plan (the alert, the session cleared), ' +
      'then the subscribed account pays for the same class: the class chosen survives the logout',
    async () => {
      const planless = await newParent(e2e, 'add-planless-first');
      const parent = await subscriber('add-second-login');
      const page = await openPaymentPage(e2e, '/addclasses-login?class=addon_one_class', null, {
        before: async (p) => void (await fakeBookingProvider(p)),
      });
      await (await visible(page.getByLabel('Email'), 'the email field')).fill(planless.email);
      await page.getByLabel('Password').fill('secret12');
      await page.getByRole('button', { name: 'Log In' }).click();
      await visible(
        page.locator('.toast', { hasText: `Account ${planless.email} has no active subscription.` }),
        "the 'no-subscription' alert",
      );
      await expect.poll(() => storedSession(page), { message: 'the session of the account without a plan is cleared' }).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/addclasses-login');
      await expect
        .poll(async () => (await storedClientState(page)).minervaAddedClassId, {
          message: 'the class chosen is still kept after the logout',
        })
        .toBe('addon_one_class');

      await page.getByLabel('Email').fill(parent.email);
      await page.getByLabel('Password').fill('secret12');
      await page.getByRole('button', { name: 'Log In' }).click();
      await arrivesAt(page, (u) => u.pathname === '/addclasses-payment', '/addclasses-payment');
      expect(new URL(page.url()).search, 'the payment page reads the kept class, not the address').toBe('');
      expect((await storedClientState(page)).minervaAddedClassId).toBe('addon_one_class');
      await expectOrderSummary(page, ['1 class a month: $14.99/month after a 30-day promo.', "Today's charge $1.00"]);
      await visible(
        page.getByText('You pay $1.00 today for your first class. After the 30-day promo, 1 class a month is $14.99/month.', {
          exact: true,
        }),
        'the drop-in text',
      );
      await fillCard(page, VISA_CLASSES, ADD_CLASS_LABELS);
      await page.getByRole('button', { name: 'Save Payment' }).click();
      await arrivesAt(page, (u) => u.pathname === '/addclasses-thankyou-dropin', 'the drop-in thank-you');
      await visible(page.getByText('Use the promo code FIRST when you book.', { exact: true }), 'the code FIRST');
      expect(await page.getByText('Please select a plan before proceeding').count(), 'no missing-plan message').toBe(0);
      expect(bodyOf(page, 'CreateClassAddOnSubscription')).toMatchObject([{ classAddOnId: 'addon_one_class' }]);
      expect((await subscriptionsOf(parent.objectId)).filter((s) => s.product === 'addOn')).toMatchObject([
        { class_add_on_id: 'addon_one_class' },
      ]);
      expect(
        (await subscriptionsOf(planless.objectId)).filter((s) => s.product === 'addOn'),
        'nothing bought for the account without a plan',
      ).toEqual([]);
    },
  );
});

describe('add classes: payment and thank-you', () => {
  test("a link's ?offer= wins over ?class= for the form and the bottom text alike: the text names what is charged", async () => {
    const parent = await subscriber('offer-wins');
    const page = await openPaymentPage(e2e, '/addclasses-payment?class=addon_one_class&offer=addon_four_classes', parent);
    await expectOrderSummary(page, ['4 classes a month: $54.99/month after a 30-day promo.', "Today's charge $10.00"]);
    await visible(
      page.getByText('You pay $10.00 today for your first 4 classes. After the 30-day promo, 4 classes a month are $54.99/month.', {
        exact: true,
      }),
      'the semester text',
    );
    expect(await page.getByText(/your first class\./).count(), 'no drop-in text').toBe(0);
  });

  test(
    'semester, end to end: /addclasses-login?class=addon_four_classes → STEP 2 OF 3 with plan info, awards, ' +
      'semester text → the semester thank-you (COURSE) with its booking widget; fourClass kept; the CRM learns it',
    async () => {
      const parent = await subscriber('semester');
      const page = await openPaymentPage(e2e, '/addclasses-login?class=addon_four_classes', null, {
        before: async (p) => void (await fakeBookingProvider(p)),
      });
      await (await visible(page.getByLabel('Email'), 'the email field')).fill(parent.email);
      await page.getByLabel('Password').fill('secret12');
      await page.getByRole('button', { name: 'Log In' }).click();
      await arrivesAt(page, (u) => u.pathname === '/addclasses-payment', '/addclasses-payment');
      expect((await storedClientState(page)).minervaAddedClassId).toBe('addon_four_classes');

      await visible(page.getByText('STEP 2 OF 3', { exact: true }), 'STEP 2 OF 3');
      await visible(page.getByText('Classes for your current plan', { exact: true }), 'the plan info');
      await expectOrderSummary(page, ['4 classes a month: $54.99/month after a 30-day promo.', "Today's charge $10.00"]);
      await visible(
        page.getByText('You pay $10.00 today for your first 4 classes. After the 30-day promo, 4 classes a month are $54.99/month.', {
          exact: true,
        }),
        'the semester text',
      );
      expect(await page.getByText(/your first class\./).count(), 'no drop-in text').toBe(0);
      await visible(page.getByText('No commitment, cancel anytime.', { exact: true }), "'No commitment, cancel anytime.'");
      await visible(page.getByRole('heading', { name: 'Expert-guided online classes from the #1 kids coding app' }), 'the awards block');
      await visible(page.getByText("Parents' Choice Gold Award", { exact: true }), 'the award');
      for (const [value, text] of <const>[
        ['12.6M', 'games and stories created in 2021'],
        ['55%', 'increase in problem-solving confidence'],
        ['120K', 'educators worldwide'],
      ]) {
        await visible(page.getByText(value, { exact: true }), value);
        await visible(page.getByText(text, { exact: true }), text);
      }
      await visible(page.getByText('Rated 4.5 stars on a review site', { exact: true }), 'the 4.5 rating');
      expect(await page.getByRole('button', { name: /Google Pay|Apple Pay/ }).count(), 'the express-checkout area is empty').toBe(0);
      expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/addclasses');
      await expectHealthyScreen(page, 'addclasses-payment (semester)');

      await fillCard(page, VISA_CLASSES, ADD_CLASS_LABELS);
      await page.getByRole('button', { name: 'Save Payment' }).click();
      await arrivesAt(page, (u) => u.pathname === '/addclasses-thankyou-semester', 'the semester thank-you');
      await visible(page.getByText('STEP 3 OF 3', { exact: true }), 'STEP 3 OF 3');
      await visible(page.getByRole('heading', { name: 'Book your free class', level: 1 }), "'Book your free class'");
      await visible(page.getByText('Use the promo code COURSE when you book.', { exact: true }), 'the code COURSE');
      await visible(
        page.getByText(`We have also emailed you these instructions. Questions? Write to ${CLASS_SUPPORT}.`, { exact: true }),
        'the emailed instructions and support',
      );
      expect(await (await visible(page.getByTitle('Class booking calendar'), 'the booking widget')).getAttribute('src')).toBe(
        `${BOOKING_ORIGIN}/add-classes/semester`,
      );
      await visible(
        page.frameLocator('iframe[title="Class booking calendar"]').getByText('Calendar /add-classes/semester'),
        "the semester widget's calendar",
      );
      await expectHealthyScreen(page, 'addclasses-thankyou-semester');

      expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('fourClass')))!)).toMatchObject({
        planId: 'minerva_addon_4_classes',
      });
      expect(bodyOf(page, 'CrmUpdateAfterAddClass')).toEqual([
        { email: parent.email, productId: 'minerva_addon_4_classes', hs_lead_status: 'Subscribed' },
      ]);
      expect(await crmUpdatesOf(parent.objectId)).toMatchObject([
        { payload: { productId: 'minerva_addon_4_classes', hs_lead_status: 'Subscribed' } },
      ]);
      expect((await subscriptionsOf(parent.objectId)).filter((s) => s.product === 'addOn')).toMatchObject([
        { class_add_on_id: 'addon_four_classes' },
      ]);
    },
  );

  test(
    'drop-in, end to end on a phone: the drop-in text → ' +
      'the drop-in thank-you (FIRST) with its own widget, at the top again 3 s after entry',
    async () => {
      const parent = await subscriber('dropin');
      const page = await openPaymentPage(e2e, '/addclasses-payment', parent, {
        clientState: { minervaAddedClassId: 'addon_one_class' },
        viewport: { width: 375, height: 480 },
        before: async (p) => void (await fakeBookingProvider(p)),
      });
      await visible(
        page.getByText('You pay $1.00 today for your first class. After the 30-day promo, 1 class a month is $14.99/month.', {
          exact: true,
        }),
        'the drop-in text',
      );
      await expectOrderSummary(page, ['1 class a month: $14.99/month after a 30-day promo.', "Today's charge $1.00"]);
      expect(await page.getByText(/your first 4 classes/).count(), 'no semester text').toBe(0);
      await visible(page.getByText('No commitment, cancel anytime.', { exact: true }), "'No commitment, cancel anytime.'");
      await expectHealthyScreen(page, 'addclasses-payment (drop-in, phone)');
      await fillCard(page, VISA_CLASSES, ADD_CLASS_LABELS);
      await page.getByRole('button', { name: 'Save Payment' }).click();
      await arrivesAt(page, (u) => u.pathname === '/addclasses-thankyou-dropin', 'the drop-in thank-you');
      // The page's clock stands still from entry: scrolled down meanwhile, the page is at the top again 3 s after entry.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      await visible(page.getByText('STEP 3 OF 3', { exact: true }), 'STEP 3 OF 3');
      await page.evaluate(() => window.scrollTo(0, 400));
      expect(await page.evaluate(() => window.scrollY), 'scrolled down').toBeGreaterThan(0);
      await page.clock.runFor(3100);
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'at the top 3 s after entry' }).toBe(0);
      await page.clock.resume();
      await visible(page.getByText('Use the promo code FIRST when you book.', { exact: true }), 'the code FIRST');
      expect(await (await visible(page.getByTitle('Class booking calendar'), 'the booking widget')).getAttribute('src')).toBe(
        `${BOOKING_ORIGIN}/add-classes/drop-in`,
      );
      expect(await page.evaluate(() => sessionStorage.getItem('fourClass'))).toBeNull();
      expect(bodyOf(page, 'CrmUpdateAfterAddClass')).toEqual([
        { email: parent.email, productId: 'minerva_addon_1_class', hs_lead_status: 'Subscribed' },
      ]);
      await expectHealthyScreen(page, 'addclasses-thankyou-dropin');
    },
  );

  test('/addclasses-payment without a login session goes to /addclasses; on a reload with no class chosen too', async () => {
    const loggedOut = await e2e.openPage('/addclasses-payment', { clientState: { minervaAddedClassId: 'addon_one_class' } });
    await arrivesAt(loggedOut, mainSite, 'the main site without a session');

    const parent = await subscriber('reload');
    const page = await e2e.openPage('/addclasses-payment', { session: parent, clientState: { minervaAddedClassId: 'addon_one_class' } });
    await visible(page.getByText('STEP 2 OF 3', { exact: true }), 'the payment step');
    await visible(page.getByRole('button', { name: 'Save Payment' }), 'the payment form, loaded');
    await page.evaluate((key) => {
      const state = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...state, minervaAddedClassId: null }));
    }, CLIENT_STATE_KEY);
    expect((await storedClientState(page)).minervaAddedClassId).toBeNull();
    await page.reload();
    await arrivesAt(page, mainSite, 'the main site after a reload with no class', 20_000);
  });
});
