/**
 * The 'Limited offer' countdown (599 s, about 10 minutes) on plan selection and the
 * checkout screens, read as a parent and a screen reader read it, on the page's own clock
 * (Playwright's fake clock: no waiting ten minutes). It counts down from 9:59 as m:ss, tells
 * screen readers the minutes left without announcing anything, stops at 0:00 with nothing else
 * changing, and goes on from where it was across reloads and screens of the same tab
 * (docs/decisions.md, "Today's charge and the 'Limited offer' countdown").
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { OFFER_COUNTDOWN_KEY } from '../../src/browser/storageKeys.ts';
import {
  arrivesAt,
  expectHealthyScreen,
  newParentEmail,
  screenshotForReview,
  type TestPage,
  UI_TIMEOUT,
  useE2E,
  visible,
} from './harness.ts';
import { expectOrderSummary, newParent } from './paymentsHelpers.ts';

const e2e = useE2E();

/** Where the page's clock starts (any moment will do; a fixed one reads better in failures). */
const T0 = Date.parse('2030-03-01T16:00:00Z');

/**
 * In the page before the app: every time the countdown shows another clock or tells screen
 * readers something else, it is noted with the page clock's time.
 */
const TIMER_PROBE = `
  window.__shown = [];
  window.__spoken = [];
  const note = () => {
    const timer = document.querySelector('[role="timer"]');
    if (!timer) return;
    // A server-rendered page keeps the clock's place blank until the browser shows the tab's time.
    const shown = (timer.querySelector('.countdown__time')?.textContent ?? '').trim();
    const spoken = timer.querySelector('.visually-hidden')?.textContent ?? '';
    if (shown && window.__shown.at(-1)?.text !== shown) window.__shown.push({ text: shown, at: Date.now() });
    if (spoken && window.__spoken.at(-1) !== spoken) window.__spoken.push(spoken);
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** A page with the fake clock installed (time flows until a test pauses it) and the probe. */
async function openWithClock(
  path: string,
  options: { session?: { objectId: string; email: string; sessionToken: string } } = {},
): Promise<TestPage> {
  return e2e.openPage(path, {
    ...options,
    before: async (p) => {
      await p.clock.install({ time: T0 });
      await p.addInitScript(TIMER_PROBE);
    },
  });
}

const timer = (page: Page) => page.getByRole('timer');

/** What a sighted parent reads: 'Limited offer' and the clock. */
async function shown(page: Page): Promise<string[]> {
  await visible(timer(page), "the 'Limited offer' countdown");
  return (await timer(page).locator('[aria-hidden="true"]').allInnerTexts()).map((x) => x.trim());
}

/** What a screen reader reads of it (Playwright's accessibility snapshot). */
const spoken = async (page: Page) => (await timer(page).ariaSnapshot()).trim();

/** Waits until the parent reads 'Limited offer' and `clock` (the page updates a moment after its clock moves). */
async function expectClock(page: Page, clock: string): Promise<void> {
  await visible(timer(page), "the 'Limited offer' countdown");
  await expect.poll(() => shown(page), { timeout: UI_TIMEOUT, message: 'what the countdown shows' }).toEqual(['Limited offer', clock]);
}

/** Waits until a screen reader reads the timer as `sentence`. */
async function expectSpoken(page: Page, sentence: string): Promise<void> {
  await expect
    .poll(() => spoken(page), { timeout: UI_TIMEOUT, message: 'what a screen reader reads of the countdown' })
    .toBe(`- timer: "${sentence}"`);
}

const clocksShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shown: { text: string; at: number }[] }).__shown.map((x) => x.text));
const sentencesSpoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);

/** When this tab's countdown started (session storage), by the page's clock. */
const startedAt = async (page: Page) => Number(await page.evaluate((key) => window.sessionStorage.getItem(key), OFFER_COUNTDOWN_KEY));

/** m:ss for a number of seconds left. */
const mss = (left: number) => `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;

/**
 * Pauses the page's clock 100 ms into a second of the countdown (so the second shown is certain)
 * at least `atLeastMs` from now; answers the seconds left then, counted from `start`.
 */
async function pauseInSecond(page: Page, start: number, atLeastMs = 300): Promise<number> {
  for (let margin = atLeastMs; ; margin *= 4) {
    const now = await page.evaluate(() => Date.now());
    const elapsed = Math.ceil((now + margin - start - 100) / 1000);
    const at = start + elapsed * 1000 + 100;
    try {
      await page.clock.pauseAt(at);
      return 599 - elapsed;
    } catch (error) {
      if (margin >= 20_000 || !/past/i.test(String(error))) throw error;
    }
  }
}

/** Everything the screen says besides the countdown, the plan chosen and the address. */
async function restOfScreen(page: TestPage) {
  const text = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const countdown = main.querySelector('[role="timer"]') as HTMLElement | null;
    return countdown ? main.innerText.replace(countdown.innerText, '') : main.innerText;
  });
  const chosen = await page.getByRole('radio', { checked: true }).evaluateAll((els) => els.map((el) => el.getAttribute('aria-labelledby')));
  return { text, chosen, url: page.url(), visited: page.visited.length };
}

describe("the 'Limited offer' countdown on plan selection (599 s)", () => {
  test(
    'starts at 9:59, loses a second every second, tells screen readers the minutes ' +
      'left without announcing them, and stops at 0:00 with nothing else changing',
    async () => {
      const page = await openWithClock('/');
      // The page's clock runs until it is paused below: the first clock shown is read off the probe.
      expect((await shown(page))[0]).toBe('Limited offer');
      expect((await clocksShown(page))[0], 'the first clock the parent sees').toBe('9:59');
      expect(await timer(page).getAttribute('aria-live'), 'never announced while it runs').toBe('off');
      await expectSpoken(page, 'Limited offer: less than 10 minutes left');
      await visible(page.getByRole('radio', { name: 'Annual Plan', exact: true }), 'the plan cards');
      await expectHealthyScreen(page, "'/' with the countdown");

      // On the page's clock, paused inside a second: one second later the clock shows one second less.
      const start = await startedAt(page);
      let left = await pauseInSecond(page, start);
      await expectClock(page, mss(left));
      await page.clock.runFor(1000);
      await expectClock(page, mss(--left));
      await screenshotForReview(page, 'countdown');

      // To 9:00: every second shown, screen readers still told the same sentence.
      const before = await restOfScreen(page);
      await page.clock.runFor((left - 540) * 1000);
      await expectClock(page, '9:00');
      await expectSpoken(page, 'Limited offer: less than 10 minutes left');
      await page.clock.runFor(1000);
      await expectClock(page, '8:59');
      await expectSpoken(page, 'Limited offer: less than 9 minutes left');

      // To the end, and two minutes beyond: 0:00, and nothing else on the screen changed.
      await page.clock.runFor(600_000);
      await expectClock(page, '0:00');
      await expectSpoken(page, 'Limited offer: no time left');
      await page.clock.runFor(120_000);
      await expectClock(page, '0:00');
      expect(await restOfScreen(page), 'no price change, no redirect, the same plan chosen').toEqual(before);

      // Every clock shown was less than the one before, from 9:59 down to 0:00 and no further. (Ten
      // minutes run in a moment here, so React may draw two ticks as one: not every second is drawn.)
      const clocks = await clocksShown(page);
      const seconds = clocks.map((c) => Number(c.split(':')[0]) * 60 + Number(c.split(':')[1]));
      expect(seconds[0]).toBe(599);
      expect(seconds.at(-1)).toBe(0);
      for (let i = 1; i < seconds.length; i++) expect(seconds[i], `after ${clocks[i - 1]}`).toBeLessThan(seconds[i - 1]!);
      // Screen readers had eleven sentences in ten minutes (one a minute), against 600 clocks.
      expect(await sentencesSpoken(page)).toEqual([
        ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `Limited offer: less than ${n} minutes left`),
        'Limited offer: less than a minute left',
        'Limited offer: no time left',
      ]);
      await page.clock.resume();
      await expectHealthyScreen(page, "'/' at 0:00");
    },
  );
});

describe('one countdown per tab: it goes on across a reload and on the way to the checkout', () => {
  test("'/' → reload → /register → /signup-payment → /promo-payment: the same countdown throughout, never back to 9:59", async () => {
    const page = await openWithClock('/?activePlanTag=default');
    await visible(timer(page), 'the countdown');
    const start = await startedAt(page);
    expect(start, 'the start kept for the tab').toBeGreaterThanOrEqual(T0);
    const beforeReload = (await pauseInSecond(page, start)) - 60;
    await page.clock.runFor(60_000);
    await expectClock(page, mss(beforeReload));
    expect(beforeReload).toBeLessThanOrEqual(539);

    // A reload: the countdown goes on from its start; the page never showed 9:59 again.
    await page.clock.resume();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await visible(timer(page), 'the countdown after the reload');
    expect(await startedAt(page)).toBe(start);
    expect(await clocksShown(page)).not.toContain('9:59');
    let left = await pauseInSecond(page, start);
    expect(left).toBeLessThan(beforeReload);
    await expectClock(page, mss(left));
    await page.clock.resume();

    // On to the checkout through registration, as a parent goes.
    await (await visible(page.getByRole('radio', { name: 'Monthly Plan', exact: true }), 'the monthly card')).check();
    await page.getByRole('link', { name: 'Sign up for your free trial' }).click();
    await arrivesAt(page, (u) => u.pathname === '/register', '/register');
    await page.getByLabel('Email').fill(newParentEmail('countdown'));
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm password').fill('secret12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await arrivesAt(page, (u) => u.pathname === '/signup-payment', '/signup-payment', 20_000);
    await visible(timer(page), 'the countdown on /signup-payment');
    expect(await startedAt(page)).toBe(start);
    left = await pauseInSecond(page, start);
    await expectClock(page, mss(left));
    await page.clock.resume();
    await expectOrderSummary(page, ['Monthly Plan: $9.99 charged after 7-day free trial. Cancel anytime.', "Today's charge $0.00"]);
    await expectHealthyScreen(page, '/signup-payment with the countdown');

    // Another screen with a countdown, loaded afresh: the same one again.
    await page.goto(e2e.at('/promo-payment'), { waitUntil: 'domcontentloaded' });
    await visible(timer(page), 'the countdown on /promo-payment');
    expect(await clocksShown(page)).not.toContain('9:59');
    left = await pauseInSecond(page, start);
    await expectClock(page, mss(left));
    await page.clock.resume();
  });

  test(
    'a logged-in parent arriving at /promo-payment with a code: ' + 'the countdown above the order, at 0:00 the order says the same',
    async () => {
      const parent = await newParent(e2e, 'countdown-promo');
      const page = await e2e.openPage('/promo', {
        session: parent,
        before: async (p) => {
          await p.clock.install({ time: T0 });
          await p.addInitScript(TIMER_PROBE);
        },
      });
      await (await visible(page.getByLabel('Promo code'), 'the code field')).fill('SAVE50');
      await page.getByRole('button', { name: 'Redeem' }).click();
      await arrivesAt(page, (u) => u.pathname === '/promo-payment', '/promo-payment');
      expect((await shown(page))[0]).toBe('Limited offer');
      expect((await clocksShown(page))[0], 'the first clock shown').toBe('9:59');
      const order = ['Annual Plan, half price: $39.99 charged after 7-day free trial. Cancel anytime.', "Today's charge $0.00"];
      await expectOrderSummary(page, order);
      const start = await startedAt(page);
      await pauseInSecond(page, start);
      await page.clock.runFor(600_000);
      await expectClock(page, '0:00');
      await expectOrderSummary(page, order);
      expect(new URL(page.url()).pathname).toBe('/promo-payment');
      await page.clock.resume();
      await expectHealthyScreen(page, '/promo-payment at 0:00');
    },
  );
});
