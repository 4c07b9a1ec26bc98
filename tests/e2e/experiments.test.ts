/**
 * Experiments in the browser: a parent (not a robot) is split by their visitor id
 * the way the flag service splits them, sees the same variant on every visit, is counted as
 * exposed when the flag decides what they see, and converts with that visitor id; a misspelt
 * `?variantOverride=` is shown, not silently ignored; robots always see control.
 */

import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot, run } from '../../scripts/lib/build.ts';
import { EXPERIMENT_ID_COOKIE } from '../../src/browser/storageKeys.ts';
import { assignVariants } from '../../src/experiments/assign.ts';
import { readFlagDefinitions } from '../../src/server/experiments/definitions.ts';
import {
  appReady,
  arrivesAt,
  dataDirOf,
  expectAccessible,
  expectHealthyScreen,
  newParentEmail,
  type TestPage,
  useE2E,
  visible,
} from './harness.ts';
import { loginOperator } from './operatorHelpers.ts';
import { fillCard } from './paymentsHelpers.ts';

const e2e = useE2E();
const EXPERIMENT = 'planSelectorSelectPlanButtons';
const definitions = readFlagDefinitions('funnels');
const variantOf = (visitorId: string) =>
  assignVariants(definitions, { id: visitorId, isRobot: false, audienceFacts: {} })[EXPERIMENT]!.variant;

/** A visitor id the split gives `variant`. */
function visitorIn(variant: string, label: string): string {
  for (let i = 0; ; i++) {
    const id = `walk-${label}-${process.pid}-${Date.now().toString(36)}-${i}`;
    if (variantOf(id) === variant) return id;
  }
}

/** A parent's browser (navigator.webdriver false), with this visitor id from an earlier visit when given. */
const asParent = (visitorId?: string) => async (page: Page) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
  if (visitorId) await page.context().addCookies([{ name: EXPERIMENT_ID_COOKIE, value: visitorId, url: e2e.url }]);
};

const chooseButtons = (page: Page) => page.getByRole('link', { name: 'Choose Plan' });
const planRadios = (page: Page) => page.getByRole('group', { name: 'Choose your plan' }).getByRole('radio');

/** Which variant '/' shows: the cards' own 'Choose Plan' buttons (variant1) or selectable cards (control). */
async function variantShown(page: Page): Promise<string> {
  await visible(page.locator('[data-plan]').first(), 'the plan cards');
  return (await chooseButtons(page).count()) > 0 ? 'variant1' : 'control';
}

async function serverVariant(visitorId: string): Promise<string> {
  const response = await fetch(e2e.at(`/api/flags?experimentId=${visitorId}&isRobotE2E=false&audience=%7B%7D`));
  return ((await response.json()) as { flags: Record<string, string> }).flags[EXPERIMENT]!;
}

const visitorCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === EXPERIMENT_ID_COOKIE)?.value;

/** Waits for the backend to hold what the browser sent (events are sent after the screen shows). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const db = () => e2e.app.backend.accounts.db;

/** From '/' to a paid trial in the variant shown: the Monthly Plan, a new account, the sandbox's Visa. */
async function walkToPurchase(page: TestPage, variant: string): Promise<void> {
  if (variant === 'variant1') {
    await (await visible(chooseButtons(page).first(), "the first card's Choose Plan")).click();
  } else {
    await (await visible(planRadios(page).first(), 'the first plan card')).check();
    await page.getByRole('link', { name: 'Sign up for your free trial' }).click();
  }
  await arrivesAt(page, (u) => u.pathname === '/register', '/register');
  await page.getByLabel('Email').fill(newParentEmail(`experiment-${variant}`));
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: 'Create account' }).click();
  await arrivesAt(page, (u) => u.pathname === '/signup-payment', '/signup-payment', 20_000);
  await fillCard(page, { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' });
  await page.getByRole('button', { name: 'Join Now' }).click();
  // As shipped, /signup-thankyou sends the parent on to the partner product page (app.yaml's route rules).
  await arrivesAt(page, (u) => u.hostname === 'partners.codeling.example', 'the partner product page after paying', 30_000);
}

describe('a 50/50 experiment in the browser', () => {
  test('a new parent gets a visitor id and a variant, the same on 5 reloads, the one the flag service gives', async () => {
    const page = await e2e.openPage('/', { before: asParent() });
    const first = await variantShown(page);
    const visitorId = await visitorCookie(page);
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).toBe(await serverVariant(visitorId!));
    for (let reload = 0; reload < 5; reload++) {
      await page.reload({ waitUntil: 'domcontentloaded' });
      // The server takes this headless browser for a robot (control); the page is the parent's once the app has it.
      await appReady(page);
      expect(await variantShown(page)).toBe(first);
      expect(await visitorCookie(page)).toBe(visitorId);
    }
    const exposures = await eventually(
      () => db().selectFrom('experiment_exposures').selectAll().where('visitor_id', '=', visitorId!).execute(),
      (rows) => rows.length > 0,
      'the exposure',
    );
    expect(exposures.map((e) => [e.experiment, e.variant])).toEqual([[EXPERIMENT, first]]);
  });

  test('1,000 simulated visitors: the browser splits them 45–55%, as the flag service does, visitor by visitor', async () => {
    const page = await e2e.openPage('/', { before: asParent() });
    await variantShown(page);
    // The browser's own evaluator (the local provider's chunk, as the page loaded it) on 1,000 ids.
    const ids = Array.from({ length: 1000 }, (_, i) => `simulated-visitor-${i}`);
    const inBrowser = await page.evaluate(async (visitorIds) => {
      const probe = (window as unknown as { __experiments?: { assign(id: string): Promise<Record<string, string>> } }).__experiments;
      if (!probe) throw new Error('window.__experiments is missing');
      return Promise.all(visitorIds.map(async (id) => (await probe.assign(id)).planSelectorSelectPlanButtons));
    }, ids);
    expect(inBrowser).toEqual(await Promise.all(ids.map(serverVariant)));
    const share = inBrowser.filter((v) => v === 'variant1').length / ids.length;
    console.log(`1,000 simulated visitors: ${(share * 100).toFixed(1)}% variant1, ${((1 - share) * 100).toFixed(1)}% control`);
    expect(share).toBeGreaterThanOrEqual(0.45);
    expect(share).toBeLessThanOrEqual(0.55);
  });

  for (const variant of ['control', 'variant1']) {
    test(`a parent in ${variant} walks to a purchase; the exposure, sign-up and trial carry their visitor id`, async () => {
      const visitorId = visitorIn(variant, variant);
      const page = await e2e.openPage('/', { before: asParent(visitorId), viewport: { width: 390, height: 844 } });
      expect(await variantShown(page)).toBe(variant);
      await expectHealthyScreen(page, `'/' in ${variant}`);
      await walkToPurchase(page, variant);
      const exposure = await eventually(
        () => db().selectFrom('experiment_exposures').selectAll().where('visitor_id', '=', visitorId).execute(),
        (rows) => rows.length === 1,
        'the exposure',
      );
      expect(exposure[0]!.variant).toBe(variant);
      const conversions = await eventually(
        () =>
          db()
            .selectFrom('conversions')
            .select(['kind', 'revenue_cents'])
            .where('visitor_id', '=', visitorId)
            .orderBy('created_at')
            .execute(),
        (rows) => rows.length === 2,
        'the sign-up and the trial',
      );
      expect(conversions.map((c) => c.kind)).toEqual(['signup', 'trial']);
      // Each screen of the walk, once, in its funnel's order.
      const steps = await eventually(
        () => db().selectFrom('funnel_step_views').select(['funnel', 'screen']).where('visitor_id', '=', visitorId).execute(),
        (rows) => rows.length === 3,
        'the three screens of the walk',
      );
      expect(new Set(steps.map((s) => `${s.funnel}/${s.screen}`))).toEqual(
        new Set(['home/landing', 'account/register', 'signup/signupPayment']),
      );
    });
  }

  test('the report shows both variants with their visitors and conversions, the numbers `npm run report` prints', async () => {
    const page = await e2e.openPage('/admin/login');
    await loginOperator(page, e2e.url);
    const table = page.getByRole('table', { name: new RegExp(`^${EXPERIMENT} \\(running, control: control\\)`) });
    await visible(table, "the experiment's table");
    const shown = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
    // Variant, visitors, sign-ups, trials, purchases: each variant had at least its walk's parent.
    const counts = shown.map((cells) => [cells[0]!, ...cells.slice(1, 5).map(Number)] as const);
    expect(counts.map((c) => c[0])).toEqual(['control', 'variant1']);
    for (const [, visitors, signups, trials] of counts) {
      expect(visitors).toBeGreaterThanOrEqual(1);
      expect(signups).toBeGreaterThanOrEqual(1);
      expect(trials).toBeGreaterThanOrEqual(1);
    }
    await visible(page.locator('canvas[data-chart]').first(), 'a chart');
    await expectAccessible(page, 'the experiments report');
    const screenshot = process.env.REPORT_SCREENSHOT;
    if (screenshot) await page.screenshot({ path: path.resolve(screenshot.replace(/\.png$/, '-walk.png')), fullPage: true });

    // `npm run report`, through this server's admin endpoint (it holds the embedded database).
    const cli = await run(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/report.ts'], {
      env: { DATA_DIR: dataDirOf(e2e.url), DATABASE_URL: '' },
      quiet: true,
    });
    expect(cli.code, cli.output).toBe(0);
    const lines = cli.output.split('\n');
    const caption = lines.findIndex((line) => line.startsWith(`${EXPERIMENT} (running`));
    expect(caption, cli.output).toBeGreaterThan(-1);
    const printed = lines.slice(caption + 3, caption + 5).map((line) => line.trim().split(/\s+/).slice(0, 5));
    expect(printed).toEqual(shown.map((cells) => cells.slice(0, 5)));
  });

  test('a robot (navigator.webdriver) always sees control and is never counted as exposed', async () => {
    const visitorId = visitorIn('variant1', 'robot');
    const page = await e2e.openPage('/', {
      before: async (p) => p.context().addCookies([{ name: EXPERIMENT_ID_COOKIE, value: visitorId, url: e2e.url }]),
    });
    expect(await variantShown(page)).toBe('control');
    await page.waitForTimeout(300);
    expect(await db().selectFrom('experiment_exposures').selectAll().where('visitor_id', '=', visitorId).execute()).toEqual([]);
  });
});

describe('?variantOverride= for QA', () => {
  test('forces a variant with a notice; a misspelt variant or flag is named with what exists; the link clears it', async () => {
    const page = await e2e.openPage(`/?variantOverride=${EXPERIMENT}:variant1`);
    const notice = page.getByRole('complementary', { name: 'Experiment override' });
    await visible(notice.getByText(`Forced for testing: ${EXPERIMENT}: variant1.`), 'the override notice');
    expect(await variantShown(page)).toBe('variant1');

    await page.goto(e2e.at(`/?variantOverride=${EXPERIMENT}:varaint1,quizz:variant1`), { waitUntil: 'domcontentloaded' });
    await visible(
      notice.getByText(`'${EXPERIMENT}:varaint1' was not used: ${EXPERIMENT} has the variants control, variant1.`),
      'the misspelt variant',
    );
    await visible(notice.getByText("'quizz:variant1' was not used: there is no flag named 'quizz'."), 'the misspelt flag');
    expect(await variantShown(page)).toBe('control');
    await expectHealthyScreen(page, 'the override notice');

    await notice.getByRole('link', { name: 'Clear the override' }).click();
    await arrivesAt(page, (u) => u.search === '?variantOverride=', 'the page without the override');
    await variantShown(page);
    expect(await notice.count()).toBe(0);
    expect((await page.context().cookies()).some((c) => c.name === 'variantOverride')).toBe(false);
  });
});
