/**
 * Partner funnels: the gympass, wegrowsa, legovip and caprikon
 * landing, register, payment and thank-you pages (funnels/<id>.yaml, `use: partner`), whose
 * signup and purchase carry the partner field; and a new partner with its own price launched by
 * one short funnel file and one copy file, no code change (docs/marketers.md). The route table sends these paths elsewhere by default; this
 * file's build serves them, and adds tests/fixtures/marketers' partner files as a marketer
 * would, through `npm run check` and the build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../scripts/lib/build.ts';
import { arrivesAt, expectHealthyScreen, newParentEmail, useE2E, visible } from './harness.ts';
import { expectOrderSummary, fillCard, newParent, openPaymentPage } from './paymentsHelpers.ts';
import { useServedBuild } from './signupBuild.ts';

const fixture = (file: string) => readFileSync(path.join(repoRoot, 'tests/fixtures/marketers', file), 'utf8');

const build = useServedBuild({
  serve: [
    '/gympass',
    '/wegrowsa',
    '/wegrowsa-register',
    '/legovip',
    '/legovip-register',
    '/caprikon',
    '/caprikon-register',
    '/wegrowsa-payment',
    '/legovip-payment',
  ],
  // What a marketer adds (docs/marketers.md): a partner, a campaign page and an A/B test, nothing else.
  files: Object.fromEntries(
    ['brightkids', 'summer', 'school'].flatMap((name) => [
      [`funnels/${name}.yaml`, fixture(`funnels/${name}.yaml`)],
      [`copy/en/${name}.yaml`, fixture(`copy/en/${name}.yaml`)],
    ]),
  ),
});
// The backend imports the build's catalog: the partner funnels declare their own offers.
const e2e = useE2E({ distDir: build.distDir, funnelsDir: build.funnelsDir, copyDir: build.copyDir });

const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };
const PASSWORD = 'secret12';
const db = () => e2e.app.backend.accounts.db;

async function registerOn(page: Page, label: string): Promise<string> {
  const email = newParentEmail(label);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  return email;
}

async function partnerOf(email: string) {
  const user = await db().selectFrom('users').select(['id', 'partner']).where('email', '=', email).executeTakeFirstOrThrow();
  const subscriptions = await db().selectFrom('subscriptions').select(['partner', 'web_offer_id']).where('user_id', '=', user.id).execute();
  return { user: user.partner, subscriptions };
}

// funnels/<id>.yaml (`use: partner`): each partner's own annual offer, tagged with its id.
const PARTNERS = [
  { id: 'gympass', name: 'Gympass', offer: 'gympass_annual', price: '$59.99', days: 30 },
  { id: 'wegrowsa', name: 'WeGrow SA', offer: 'wegrowsa_annual', price: '$49.99', days: 7 },
  { id: 'legovip', name: 'LEGO VIP', offer: 'legovip_annual', price: '$59.99', days: 30 },
  { id: 'caprikon', name: 'Caprikon', offer: 'caprikon_annual', price: '$69.99', days: 7 },
] as const;

describe('the partner funnels: landing, register and payment carry the partner field', () => {
  for (const p of PARTNERS) {
    const walk = `/${p.id} → /${p.id}-register → /${p.id}-payment → /${p.id}-thankyou`;
    test(`${p.name}: ${walk}; the account and the plan name ${p.id}`, async () => {
      const page = await e2e.openPage(`/${p.id}`, { viewport: { width: 390, height: 844 } });
      await visible(page.getByRole('heading', { level: 1, name: `Welcome, ${p.name} members!` }), 'the partner landing heading');
      await expectHealthyScreen(page, `/${p.id}`);
      await page.getByRole('link', { name: 'Start your free trial' }).click();

      await arrivesAt(page, (u) => u.pathname === `/${p.id}-register`, `/${p.id}-register`);
      await visible(
        page.getByRole('heading', { level: 1, name: `Sign up for your FREE ${p.days} day trial of Codeling!` }),
        "the header with the partner plan's trial",
      );
      await expectHealthyScreen(page, `/${p.id}-register`);
      const email = await registerOn(page, p.id);

      await arrivesAt(page, (u) => u.pathname === `/${p.id}-payment`, `/${p.id}-payment`, 20_000);
      await visible(page.getByRole('heading', { level: 1, name: `Start your ${p.name} membership` }), 'the partner payment heading');
      await expectOrderSummary(page, [
        `Annual Plan: ${p.price} charged after ${p.days}-day free trial. Cancel anytime.`,
        "Today's charge $0.00",
      ]);
      await expectHealthyScreen(page, `/${p.id}-payment`);
      await fillCard(page, VISA);
      await page.getByRole('button', { name: 'Join Now' }).click();
      await arrivesAt(page, (u) => u.pathname === `/${p.id}-thankyou`, `/${p.id}-thankyou`, 30_000);
      await visible(
        page.getByText(
          `Your ${p.days}-day free trial of the Annual Plan has started. Nothing is charged today; ` +
            `after the trial you will be charged ${p.price}. Cancel anytime.`,
        ),
        'the thank-you price text',
      );

      expect(await partnerOf(email)).toEqual({ user: p.id, subscriptions: [{ partner: p.id, web_offer_id: p.offer }] });
    });
  }
});

describe('a new partner funnel, price included, from a 10-line funnel file and its copy file (docs/marketers.md)', () => {
  test(
    'the checker accepts the two files, and a parent walks /brightkids to its thank-you page ' +
      'on the partner price, with the partner on the account and the plan',
    async () => {
      expect(build.checkOutput()).toMatch(/All \d+ config files are valid(, with \d+ warnings?)?\./);
      expect(fixture('funnels/brightkids.yaml').trimEnd().split('\n').length).toBeLessThanOrEqual(25);

      const page = await e2e.openPage('/brightkids?utm_source=brightkids-newsletter', { viewport: { width: 390, height: 844 } });
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome, BrightKids members!' }), 'the new landing page');
      await visible(
        page.getByText('Your BrightKids membership comes with a free trial of Codeling, the coding app kids love.'),
        'its lead',
      );
      await expectHealthyScreen(page, '/brightkids');
      await page.getByRole('link', { name: 'Start your free trial' }).click();

      await arrivesAt(page, (u) => u.pathname === '/brightkids-register', '/brightkids-register');
      // The funnel's own offer: $39.99 a year after a 14-day trial.
      await visible(
        page.getByRole('heading', { level: 1, name: 'Sign up for your FREE 14 day trial of Codeling!' }),
        "the register header with the partner plan's trial",
      );
      await expectHealthyScreen(page, '/brightkids-register');
      const email = await registerOn(page, 'brightkids');

      await arrivesAt(page, (u) => u.pathname === '/brightkids-payment', '/brightkids-payment', 20_000);
      await visible(page.getByRole('heading', { level: 1, name: 'Start your BrightKids membership' }), 'the payment heading');
      await expectOrderSummary(page, ['Annual Plan: $39.99 charged after 14-day free trial. Cancel anytime.', "Today's charge $0.00"]);
      await expectHealthyScreen(page, '/brightkids-payment');
      await fillCard(page, VISA);
      await page.getByRole('button', { name: 'Join Now' }).click();
      await arrivesAt(page, (u) => u.pathname === '/brightkids-thankyou', '/brightkids-thankyou', 30_000);
      await visible(page.getByRole('heading', { level: 1, name: 'Welcome to Codeling!' }), 'the thank-you heading');
      await visible(
        page.getByText(
          'Your 14-day free trial of the Annual Plan has started. Nothing is charged today; ' +
            'after the trial you will be charged $39.99. Cancel anytime.',
        ),
        'the thank-you price text',
      );
      for (const step of ['Download the app', 'Sign in', 'Let the kids play'])
        await visible(page.getByText(step, { exact: true }), `the step ${step}`);
      await expectHealthyScreen(page, '/brightkids-thankyou');

      expect(await partnerOf(email)).toEqual({
        user: 'brightkids',
        subscriptions: [{ partner: 'brightkids', web_offer_id: 'brightkids_annual' }],
      });
    },
  );
});

describe('a summer campaign page from an 8-line funnel file (use: promoLanding) and an A/B variant (docs/marketers.md)', () => {
  test('a logged-in parent redeems a coupon on /summer, pays on /promo-payment and lands on /promo-thankyou', async () => {
    expect(fixture('funnels/summer.yaml').trimEnd().split('\n').length).toBeLessThanOrEqual(25);
    const parent = await newParent(e2e, 'summer');
    const page = await openPaymentPage(e2e, '/summer', parent);
    await visible(page.getByRole('heading', { level: 1, name: 'Your summer of coding starts here' }), 'the campaign heading');
    await visible(page.getByText('Enter the code from our summer newsletter to get your offer.'), 'its intro');
    await expectHealthyScreen(page, '/summer');
    await page.getByLabel('Promo code').pressSequentially('csdemo000001');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await arrivesAt(page, (u) => u.pathname === '/promo-payment', '/promo-payment');
    await expectOrderSummary(page, [
      'Annual Plan with your coupon: $49.99 charged after 7-day free trial. Cancel anytime.',
      "Today's charge $0.00",
    ]);
    await fillCard(page, VISA);
    await page.getByRole('button', { name: 'Join Now' }).click();
    await arrivesAt(page, (u) => u.pathname === '/promo-thankyou', '/promo-thankyou', 30_000);
    await visible(page.getByRole('heading', { level: 1, name: 'Your code has been redeemed!' }), 'the thank-you heading');
    const subscriptions = await db().selectFrom('subscriptions').selectAll().where('user_id', '=', parent.objectId).execute();
    expect(subscriptions).toMatchObject([{ status: 'Active', code: 'CSDEMO000001' }]);
  });

  test('/back-to-school shows its variant to variant1 of planSelectorPageRedesign, and its blocks to everyone else', async () => {
    const control = await e2e.openPage('/back-to-school');
    await visible(control.getByRole('heading', { level: 1, name: 'Back to school, back to coding' }), 'the page as written');
    await expectHealthyScreen(control, '/back-to-school');
    const variant = await e2e.openPage('/back-to-school?variantOverride=planSelectorPageRedesign:variant1');
    await visible(variant.getByRole('heading', { level: 1, name: 'Code all year' }), "the variant's heading");
    expect(await variant.getByText('Kids who code in the school year').count(), 'the control text is not shown').toBe(0);
  });
});
