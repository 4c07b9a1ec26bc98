/**
 * Plan selection on '/' against the real backend: the plan lists are the catalog of funnels/catalog.yaml served
 * by GetDefaultPlans. App-only plans are $9.99 a month and $79.99 a year (the old page's
 * "33%"), the 'premiumTrials' list has the on-demand annual $100, 6-month $65 and quarterly $41
 * (docs/decisions.md, catalog prices).
 */

import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  appReady,
  arrivesAt,
  expectHealthyScreen,
  heading,
  storedClientState,
  type TestPage,
  UI_TIMEOUT,
  useE2E,
  visible,
} from './harness.ts';

const e2e = useE2E();

const PHONE = { width: 375, height: 740 };
const plans = (page: Page) => page.getByRole('group', { name: 'Choose your plan' });
const radios = (page: Page) => plans(page).getByRole('radio');

/** The plan names in the order shown, once the cards are there. */
async function planNames(page: Page, role: 'radio' | 'choose' = 'radio'): Promise<string[]> {
  if (role === 'radio') {
    await visible(radios(page), 'the plan cards');
    return radios(page).evaluateAll((els) =>
      els.map((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
    );
  }
  const links = page.getByRole('link', { name: 'Choose Plan' });
  await visible(links, "the cards' Choose Plan links");
  return links.evaluateAll((els) => els.map((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? ''));
}

/** Everything a card says, as the parent reads it (one line per part). */
async function card(page: Page, name: string): Promise<string> {
  const byName = page.locator('[data-plan]').filter({ has: page.getByText(name, { exact: true }) });
  await visible(byName, `the card '${name}'`);
  return (await byName.first().innerText()).replace(/[ \t]+/g, ' ').replace(/\n+/g, '\n');
}

const radio = (page: Page, name: string) => plans(page).getByRole('radio', { name, exact: true });

/** What a screen reader says about a radio besides its name. */
const description = (el: Locator) =>
  el.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.innerText ?? '')
      .join(' ')
      .replace(/\s+/g, ' '),
  );

const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;
const events = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __analytics: { events: { event: string; props: Record<string, unknown> }[] } }).__analytics.events,
  );

/** Records the plan lists the page asks for (the GetDefaultPlans tag, or null for none). */
function recordPlanRequests(page: Page): (string | null)[] {
  const tags: (string | null)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/functions/GetDefaultPlans') return;
    const body = request.postDataJSON() as { tag?: string } | null;
    tags.push(body?.tag ?? null);
  });
  return tags;
}

describe('plan selection on the landing page', () => {
  test(
    'the old page: one card per plan with price and billing text, ' +
      'SAVE 33% on the annual card, annual selected, monthly then annual on a computer',
    async () => {
      const page = await e2e.openPage('/');
      await heading(page, 'Start your free trial today!');
      await visible(
        page.getByText('Choose a plan to get your kids coding. Try Codeling completely free for 7 days. Cancel anytime.'),
        'the lead',
      );
      expect(await planNames(page)).toEqual(['Monthly Plan', 'Annual Plan']);

      expect(await card(page, 'Annual Plan')).toBe(
        ['Annual Plan', 'SAVE 33%', '7-day Free trial', '$6.67/month billed annually', 'Plan Includes', 'Up to 3 child profiles'].join(
          '\n',
        ),
      );
      expect(await card(page, 'Monthly Plan')).toBe(
        [
          'Monthly Plan',
          '7-day Free trial',
          '$9.99/month',
          'Auto-renews every month until canceled.',
          'Plan Includes',
          'Up to 3 child profiles',
        ].join('\n'),
      );
      // Annual is selected by default, and a screen reader hears each card's figures.
      expect(await radio(page, 'Annual Plan').isChecked()).toBe(true);
      expect(await radio(page, 'Monthly Plan').isChecked()).toBe(false);
      expect(await description(radio(page, 'Annual Plan'))).toBe('SAVE 33% 7-day Free trial $6.67/month billed annually');

      const cta = page.getByRole('link', { name: 'Sign up for your free trial' });
      expect(await cta.getAttribute('href')).toBe('/register?selected_plan=annual');
      await expectHealthyScreen(page, 'the old plan selection page');
    },
  );

  test(
    'choosing a plan: the selected-plan cookie, client state and plan-selected event; ' +
      'the call to action leads to registration with the plan',
    async () => {
      const page = await e2e.openPage('/?utm_source=newsletter');
      await visible(radio(page, 'Annual Plan'), 'the annual card');
      // By keyboard: from the selected annual card, the arrow key moves to the monthly one.
      await radio(page, 'Annual Plan').focus();
      await page.keyboard.press('ArrowLeft');
      expect(await radio(page, 'Monthly Plan').isChecked()).toBe(true);
      expect(await cookie(page, 'selected_plan')).toBe('monthly');
      expect(await storedClientState(page)).toMatchObject({
        initialSelectedOfferId: 'monthly',
        monthlyOfferId: 'monthly',
        annualOfferId: 'annual',
      });
      expect((await events(page)).filter((e) => e.event === 'plan_selected').map((e) => e.props)).toEqual([
        {
          app: 'web-site',
          webOfferId: 'monthly',
          productId: 'codeling_monthly_999',
          productDuration: 'monthly',
          price: 9.99,
          planTag: 'default',
        },
      ]);

      // By pointer: a click anywhere on the annual card selects it.
      await page.getByText('$6.67/month billed annually').click();
      expect(await radio(page, 'Annual Plan').isChecked()).toBe(true);
      expect(await cookie(page, 'selected_plan')).toBe('annual');
      expect((await events(page)).filter((e) => e.event === 'plan_selected').map((e) => e.props.webOfferId)).toEqual(['monthly', 'annual']);

      await page.getByRole('link', { name: 'Sign up for your free trial' }).click();
      const next = await arrivesAt(page, (u) => u.pathname === '/register', '/register');
      expect(Object.fromEntries(next.searchParams)).toEqual({ utm_source: 'newsletter', selected_plan: 'annual' });
      await heading(page);
      expect((await storedClientState(page)).initialSelectedOfferId).toBe('annual');
    },
  );

  test('the selected_plan parameter, then the selected-plan cookie, choose the plan selected at first', async () => {
    const byParam = await e2e.openPage('/?selected_plan=monthly');
    await visible(radio(byParam, 'Monthly Plan'), 'the monthly card');
    expect(await radio(byParam, 'Monthly Plan').isChecked()).toBe(true);

    const byCookie = await e2e.openPage('/', {
      before: (p) => p.context().addCookies([{ name: 'selected_plan', value: 'monthly', url: e2e.url }]),
    });
    await visible(radio(byCookie, 'Monthly Plan'), 'the monthly card');
    expect(await radio(byCookie, 'Monthly Plan').isChecked()).toBe(true);

    // A parameter naming no plan of the list gives way to the cookie.
    await byCookie.goto(e2e.at('/?selected_plan=no-such-plan'));
    await visible(radio(byCookie, 'Monthly Plan'), 'the monthly card');
    expect(await radio(byCookie, 'Monthly Plan').isChecked()).toBe(true);
    expect(await radio(byCookie, 'Annual Plan').isChecked()).toBe(false);
  });

  test(
    'the plan tag: activePlanTag=30daytrial lists the 30-day trials ' + 'and is kept in a cookie; a new tag reloads the list in place',
    async () => {
      const page = await e2e.openPage('/?activePlanTag=30daytrial');
      const asked = recordPlanRequests(page);
      await visible(page.getByText('30-day Free trial'), 'a 30-day trial');
      expect(await card(page, 'Annual Plan')).toContain('30-day Free trial\n$6.67/month billed annually');
      expect(await card(page, 'Monthly Plan')).toContain('30-day Free trial\n$9.99/month');
      expect(await page.getByText('7-day Free trial').count()).toBe(0);
      expect(await cookie(page, 'activePlanTag')).toBe('30daytrial');

      // The next visit without the parameter still shows the tag's list (the cookie): the server
      // asks for it and draws it, and the browser does not ask again.
      const before = asked.length;
      await page.goto(e2e.at('/'));
      await appReady(page);
      await visible(page.getByText('30-day Free trial'), 'a 30-day trial from the cookie');
      expect(asked.length).toBe(before);

      // The address changes without a page load: the list is asked for again, with no tag for 'default'.
      await page.evaluate(() => {
        (window as unknown as { samePage: boolean }).samePage = true;
        window.history.pushState(null, '', '/?activePlanTag=default');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await visible(page.getByText('7-day Free trial'), 'the default list');
      expect(await page.getByText('30-day Free trial').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(asked.at(-1)).toBeNull();
      expect(await cookie(page, 'activePlanTag')).toBe('default');
    },
  );

  test('a tag without plans shows the default list; a plan list that cannot be fetched says so', async () => {
    const page = await e2e.openPage('/?activePlanTag=nosuchtag');
    expect(await planNames(page)).toEqual(['Monthly Plan', 'Annual Plan']);

    // The network drops the plan list's request, asked by the browser on the way from /login to '/'
    // (a first visit of '/' gets its list from the server).
    const offline = await e2e.openPage('/login', {
      before: async (p) => {
        await p.route('**/api/functions/GetDefaultPlans', (route) => route.abort('internetdisconnected'));
      },
    });
    await offline.getByRole('banner').getByRole('link', { name: 'Codeling' }).click();
    await arrivesAt(offline, (u) => u.pathname === '/', "'/'");
    await visible(
      offline.getByRole('alert').getByText('Sorry, something went wrong. Please try again or contact us if this persists.'),
      'the failure message',
    );
    expect(await offline.getByRole('radio').count()).toBe(0);
    expect(await offline.getByRole('link', { name: 'Sign up for your free trial' }).count()).toBe(0);
    await expectHealthyScreen(offline, 'plan list failed');
  });

  test(
    "an experiment's flag picks its plan list and marks the tag; " + 'once the flag is off the list and cookies are back to default',
    async () => {
      const page = await e2e.openPage('/?variantOverride=lifetimePlan:variant1');
      expect(await planNames(page)).toEqual(['Yearly', 'Lifetime']);
      expect(await card(page, 'Yearly')).toBe(
        ['BEST VALUE', 'Yearly', '7-day Free trial', '$6.67/month billed annually', 'Plan Includes', 'Up to 3 child profiles'].join('\n'),
      );
      expect(await card(page, 'Lifetime')).toBe(
        [
          'Pay once. Play forever.',
          'Lifetime',
          '$149.99',
          'One-time payment of $149.99. Never pay again!',
          'Plan Includes',
          'Up to 3 child profiles',
        ].join('\n'),
      );
      expect(await radio(page, 'Yearly').isChecked()).toBe(true);
      expect([await cookie(page, 'activePlanTag'), await cookie(page, 'activePlanTagByFlag')]).toEqual(['lifetime', '1']);
      await expectHealthyScreen(page, 'the lifetime list');

      await page.goto(e2e.at('/?variantOverride='));
      expect(await planNames(page)).toEqual(['Monthly Plan', 'Annual Plan']);
      // The server's HTML already shows the default list; the cookies are the scripts' to clear, once they run.
      await expect
        .poll(() => Promise.all([cookie(page, 'activePlanTag'), cookie(page, 'activePlanTagByFlag')]), { timeout: UI_TIMEOUT })
        .toEqual([undefined, undefined]);
    },
  );

  test(
    'the thirdPlan list (monthly plus premium annual) starts with the annual plan selected, ' +
      'though monthly $9.99 is a cent cheaper per month than $120 a year',
    async () => {
      const page = await e2e.openPage('/?variantOverride=thirdPlan:variant1');
      expect(await planNames(page)).toEqual(['Monthly Plan', 'Premium Annual']);
      expect(await card(page, 'Premium Annual')).toContain('$10.00/month billed annually');
      expect(await card(page, 'Monthly Plan')).toContain('$9.99/month');
      expect(await radio(page, 'Premium Annual').isChecked()).toBe(true);
      expect(await radio(page, 'Monthly Plan').isChecked()).toBe(false);
      expect(await page.getByRole('link', { name: 'Sign up for your free trial' }).getAttribute('href')).toBe(
        '/register?variantOverride=thirdPlan%3Avariant1&selected_plan=premium_annual',
      );
      expect(await cookie(page, 'activePlanTag')).toBe('thirdPlan');
      await expectHealthyScreen(page, 'the thirdPlan list');

      // The selected_plan parameter still comes first.
      await page.goto(e2e.at('/?variantOverride=thirdPlan:variant1&selected_plan=monthly'));
      await visible(radio(page, 'Monthly Plan'), 'the monthly card');
      expect(await radio(page, 'Monthly Plan').isChecked()).toBe(true);
    },
  );

  test('on a phone (375 px): annual first, then monthly, one card per row', async () => {
    const page = await e2e.openPage('/', { viewport: PHONE });
    expect(await planNames(page)).toEqual(['Annual Plan', 'Monthly Plan']);
    const [first, second] = await Promise.all(
      ['Annual Plan', 'Monthly Plan'].map((name) =>
        page
          .locator('[data-plan]')
          .filter({ has: page.getByText(name, { exact: true }) })
          .boundingBox(),
      ),
    );
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(first!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await radio(page, 'Annual Plan').isChecked()).toBe(true);
    await expectHealthyScreen(page, 'plans on a phone');
  });
});

describe('the redesigned choose-plan landing', () => {
  test(
    'variant1: the selected plan says what is charged after the trial; ' +
      'the call to action follows the cards; FAQ, awards, privacy with Terms and Privacy links',
    async () => {
      const page = (await e2e.openPage('/?variantOverride=planSelectorPageRedesign:variant1')) as TestPage;
      await heading(page);
      expect(await card(page, 'Annual Plan')).toBe(
        [
          'Annual Plan',
          'Save 33%',
          '7-day Free trial',
          '$6.67/month billed annually',
          'Plan Includes',
          'Up to 3 child profiles',
          '$79.99 charged after 7-day free trial. Cancel anytime.',
        ].join('\n'),
      );
      expect(await description(radio(page, 'Annual Plan'))).toContain('$79.99 charged after 7-day free trial. Cancel anytime.');
      await radio(page, 'Monthly Plan').check();
      expect(await card(page, 'Monthly Plan')).toContain('$9.99 charged after 7-day free trial. Cancel anytime.');
      expect(await page.getByText('$79.99 charged after').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Start your free trial' }).getAttribute('href')).toBe(
        '/register?variantOverride=planSelectorPageRedesign%3Avariant1&selected_plan=monthly',
      );

      for (const text of [
        'Your membership includes',
        'Access for up to 3 children',
        'Frequently asked questions',
        'Can I cancel anytime?',
        "Parents' Choice Gold Award",
        'Rated 4.5 stars by parents on review sites',
        "Your family's privacy",
      ])
        await visible(page.getByText(text, { exact: true }), text);
      expect(await page.getByRole('link', { name: 'Terms', exact: true }).first().getAttribute('href')).toBe(
        'https://www.codeling.example/terms',
      );
      expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://www.codeling.example/privacy');
      await expectHealthyScreen(page, 'redesign variant1');
    },
  );

  test('variant2 shows the annual saving as an amount: 12 × $9.99 − $79.99 = $39.89', async () => {
    const page = await e2e.openPage('/?variantOverride=planSelectorPageRedesign:variant2');
    expect(await card(page, 'Annual Plan')).toContain('Save $39.89');
    await visible(page.getByRole('link', { name: 'Try it free' }), 'the call to action of variant2');
  });

  test(
    'prices of the on-demand list: annual $100 → $8.33/month billed annually, ' +
      '6-month $65 → $10.83, quarterly $41 → $13.67; premium cards include the classes',
    async () => {
      const page = await e2e.openPage('/?variantOverride=planSelectorPageRedesign:variant1&activePlanTag=premiumTrials');
      expect(await planNames(page)).toEqual(['Annual', 'Half-Yearly', 'Quarterly']);
      expect(await card(page, 'Annual')).toBe(
        [
          'Annual',
          'Save 39%',
          '7-day Free trial',
          '$8.33/month billed annually',
          'Plan Includes',
          'Includes 12 prerecorded classes taught by experts.',
          '$100 charged after 7-day free trial. Cancel anytime.',
        ].join('\n'),
      );
      expect(await card(page, 'Half-Yearly')).toContain('$10.83/month billed every 6 months');
      expect(await card(page, 'Quarterly')).toContain('$13.67/month billed every 3 months');
      // The monthly plus premium annual list: annual $120 is $10.00 a month.
      await page.goto(e2e.at('/?activePlanTag=thirdPlan'));
      expect(await card(page, 'Premium Annual')).toContain('$10.00/month billed annually');
    },
  );

  test("select-plan buttons: each card has 'Choose Plan' and goes straight to the next page with its plan", async () => {
    const page = await e2e.openPage('/?variantOverride=planSelectorPageRedesign:variant1,planSelectorSelectPlanButtons:variant1');
    expect(await planNames(page, 'choose')).toEqual(['Monthly Plan', 'Annual Plan']);
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Start your free trial' }).count()).toBe(0);
    await expectHealthyScreen(page, 'select-plan buttons');

    const buttons = page.getByRole('link', { name: 'Choose Plan' });
    await buttons.nth(0).click();
    const next = await arrivesAt(page, (u) => u.pathname === '/register', '/register');
    expect(next.searchParams.get('selected_plan')).toBe('monthly');
    expect(await cookie(page, 'selected_plan')).toBe('monthly');
    expect((await events(page)).filter((e) => e.event === 'plan_selected').map((e) => e.props.webOfferId)).toEqual(['monthly']);
  });

  test(
    "premium variant: 'All Plans Include:' with check marks, " +
      "'Select a plan below and start your 7-day free trial', PREMIUM and BASIC cards",
    async () => {
      const page = await e2e.openPage('/?variantOverride=premiumOndemandClasses:variant1', { viewport: PHONE });
      const include = page.getByRole('region', { name: 'All Plans Include:' });
      await visible(include, "the 'All Plans Include:' list");
      expect(await include.getByRole('listitem').allInnerTexts()).toEqual([
        '12 video lessons',
        'Digital workbook',
        'Parent portal',
        'Unlimited app access',
        'Up to 3 child profiles',
        'Progress reports',
      ]);
      await visible(page.getByText('Select a plan below and start your 7-day free trial', { exact: true }), 'the prompt');
      expect(await card(page, 'App + On-Demand Classes')).toBe(
        [
          'Most Popular',
          'App + On-Demand Classes',
          'PREMIUM',
          '7-day Free trial',
          '$8.33/month billed annually',
          'Plan Includes',
          '10 pre-recorded classes',
          'Up to 5 child profiles',
          'Printable worksheets',
        ].join('\n'),
      );
      expect(await card(page, 'App Only')).toContain('App Only\nBASIC');
      await expectHealthyScreen(page, 'premium variant on a phone');
    },
  );

  // The premium experiments whose lists hold only plans with on-demand classes (annual $100,
  // 6-month $65, quarterly $41), each on its own plan tag, show the premium landing by themselves.
  for (const { flag, tag } of [
    { flag: 'premiumOndemandClassesTrials', tag: 'premiumTrials' },
    { flag: 'redesignOndemandClasses', tag: 'redesignOndemand' },
    { flag: 'threeOndemandClasses', tag: 'threeOndemand' },
  ]) {
    test(
      `${flag} alone: 'All Plans Include:', 'Select a plan below and start your 7-day free trial', ` +
        `its on-demand list (tag ${tag}) annual first and selected`,
      async () => {
        const page = await e2e.openPage(`/?variantOverride=${flag}:variant1`);
        await heading(page, 'Coding for kids, with classes taught by experts');
        const include = page.getByRole('region', { name: 'All Plans Include:' });
        await visible(include, "the 'All Plans Include:' list");
        expect(await include.getByRole('listitem').allInnerTexts()).toEqual([
          '12 video lessons',
          'Digital workbook',
          'Parent portal',
          'Unlimited app access',
          'Up to 3 child profiles',
          'Progress reports',
        ]);
        await visible(page.getByText('Select a plan below and start your 7-day free trial', { exact: true }), 'the prompt');
        expect(await page.getByText('Start your free trial today!').count()).toBe(0);

        expect(await planNames(page)).toEqual(['Annual', 'Half-Yearly', 'Quarterly']);
        expect(await radio(page, 'Annual').isChecked()).toBe(true);
        expect(await card(page, 'Annual')).toContain('$8.33/month billed annually');
        expect(await card(page, 'Annual')).toContain('$100 charged after 7-day free trial. Cancel anytime.');
        expect([await cookie(page, 'activePlanTag'), await cookie(page, 'activePlanTagByFlag')]).toEqual([tag, '1']);
        await radio(page, 'Quarterly').check();
        expect((await events(page)).filter((e) => e.event === 'plan_selected').map((e) => e.props)).toEqual([
          {
            app: 'web-site',
            webOfferId: 'premium_quarterly_41',
            productId: 'minerva_quarterly_ondemand_41',
            productDuration: 'quarterly',
            price: 41,
            planTag: tag,
          },
        ]);
        await expectHealthyScreen(page, `${flag} alone`);
      },
    );
  }

  test('premium vs standard: a comparison table marks what each of the two plans includes', async () => {
    const page = await e2e.openPage('/?variantOverride=premiumVsStandardDesign:variant1');
    const table = page.getByRole('table', { name: 'Compare plans' });
    await visible(table, 'the comparison table');
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['What you get', 'App + Classes', 'App Only']);
    const row = (name: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name }) })
        .getByRole('cell')
        .allInnerTexts();
    expect(await row('Unlimited app access')).toEqual(['Included', 'Included']);
    expect(await row('12 video lessons')).toEqual(['Included', 'Not included']);
    expect(await planNames(page)).toEqual(['App + Classes', 'App Only']);
    await expectHealthyScreen(page, 'premium vs standard');
  });
});
