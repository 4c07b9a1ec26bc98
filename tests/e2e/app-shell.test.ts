/**
 * What the app shell does on
 * every screen (header, footer, scrolling, the password-reset route, the redirect page, the
 * session watch).
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SESSION_KEY } from '../../src/browser/storageKeys.ts';
import { copyKeyOf, findAll, loadFunnelFacts, screensUsing } from './funnelFacts.ts';
import { arrivesAt, expectHealthyScreen, heading, samePage, UI_TIMEOUT, useE2E, visible } from './harness.ts';
import { CLASS_LAYOUT_SCREENS, ON_DEMAND_PATHS, OWN_SCREENS, SESSION_LOST_TEXT } from './routeTable.ts';

const e2e = useE2E();
const facts = loadFunnelFacts();

const banner = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

/** What the header and footer look like: their classes, data attributes and colours. */
async function layoutStyle(page: Page): Promise<string> {
  await heading(page);
  return page.evaluate(() => {
    const describe = (el: Element | null) => {
      if (!el) return 'none';
      const style = getComputedStyle(el);
      const data = Object.entries((el as HTMLElement).dataset)
        .sort()
        .map(([k, v]) => `${k}=${v}`);
      return [el.className, ...data, style.backgroundColor, style.color, style.borderBottomColor].join('|');
    };
    // The page's own header and footer: not those inside a screen (a review's author is a <footer>).
    const outside = (tag: string) => document.querySelector(`${tag}:not(main ${tag})`);
    return `header ${describe(outside('header'))} / footer ${describe(outside('footer'))}`;
  });
}

describe('app shell', () => {
  test('the password-reset route follows the unification flag (?variantOverride=unifiedLogin:off|on)', async () => {
    for (const [variant, route] of [
      ['off', '/reset-password'],
      ['on', '/request-password-reset'],
    ] as const) {
      for (const screen of ['/login', '/tryclasses-login']) {
        const page = await e2e.openPage(`${screen}?variantOverride=unifiedLogin:${variant}`);
        const link = await visible(page.getByRole('link', { name: /forgot/i }), `a forgot-password link on ${screen}`);
        expect(new URL((await link.getAttribute('href'))!, e2e.url).pathname, `${screen} with unifiedLogin:${variant}`).toBe(route);
      }
    }
  });

  test('class-funnel paths only change the style of the header and footer', async () => {
    const standard = await layoutStyle(await e2e.openPage('/login'));
    expect(await layoutStyle(await e2e.openPage('/promo'))).toBe(standard);
    const styles = new Map<string, string>();
    for (const screen of CLASS_LAYOUT_SCREENS) {
      const page = await e2e.openPage(screen.path, { loggedIn: screen.loggedIn, clientState: screen.clientState });
      styles.set(screen.path, await layoutStyle(page));
    }
    const classStyle = styles.get(CLASS_LAYOUT_SCREENS[0]!.path)!;
    expect(classStyle, 'the class funnel header/footer differ from the standard ones').not.toBe(standard);
    for (const [routePath, style] of styles) expect(style, routePath).toBe(classStyle);
  });

  test('the page scrolls to the top on every route change', async () => {
    const page = await e2e.openPage('/', { viewport: { width: 390, height: 500 } });
    await heading(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the landing page scrolls' }).toBeGreaterThan(0);
    const renderedPaths = new Set([...OWN_SCREENS.map((s) => s.path), ...ON_DEMAND_PATHS]);
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    const href = hrefs.find((h) => renderedPaths.has(new URL(h, 'http://x').pathname));
    expect(href, `an in-app link to another screen on the landing page (links: ${hrefs.join(', ')})`).toBeDefined();
    // Click without Playwright's scrolling the link into view: the app must do the scrolling.
    await page
      .locator(`a[href="${href}"]`)
      .first()
      .evaluate((a: HTMLElement) => a.click());
    await arrivesAt(page, (url) => url.pathname === new URL(href!, e2e.url).pathname, href!);
    await heading(page);
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: `scroll position after going to ${href}` }).toBe(0);
  });

  test("a logged-in parent sees 'My Account' and 'Logout' in the header", async () => {
    const page = await e2e.openPage('/promo', { loggedIn: true });
    await visible(banner(page).getByRole('link', { name: 'My Account' }), "the header link 'My Account'");
    const logout = banner(page)
      .getByRole('link', { name: 'Logout' })
      .or(banner(page).getByRole('button', { name: 'Logout' }));
    await visible(logout, "the header link 'Logout'");
    await expectHealthyScreen(page, 'logged-in header');

    const loggedOut = await e2e.openPage('/promo');
    await heading(loggedOut);
    expect(await banner(loggedOut).getByText('My Account').count(), 'no My Account link when logged out').toBe(0);
  });

  test("/gift shows 'Redeem Code' in the header when logged out", async () => {
    const page = await e2e.openPage('/gift');
    await heading(page);
    await visible(banner(page).getByText('Redeem Code'), "'Redeem Code' in the header");
    const loggedIn = await e2e.openPage('/gift', { loggedIn: true });
    await heading(loggedIn);
    expect(await banner(loggedIn).getByText('Redeem Code').count(), "no 'Redeem Code' when logged in").toBe(0);
  });

  test('the footer states CCPA compliance effective Jan 1, 2020', async () => {
    for (const routePath of ['/', '/login', '/tryclassesfree']) {
      const page = await e2e.openPage(routePath);
      await heading(page);
      await visible(footer(page).getByText(/CCPA/), `the CCPA statement in the footer of ${routePath}`);
      await visible(footer(page).getByText(/Jan(uary)? 1, 2020/), `the date Jan 1, 2020 in the footer of ${routePath}`);
    }
  });

  test("the redirect page shows 'Redirecting...' and then sends the browser to the new homepage with utm parameters", async () => {
    const key = copyKeyOf(facts, 'Redirecting...');
    const [screen] = screensUsing(facts, key);
    expect(screen, `a screen showing ${key}`).toBeDefined();
    const go = findAll(screen, (o) => o.do === 'go' && typeof o.to === 'object' && o.to !== null && 'external' in o.to)[0];
    const link = facts.links[String((go?.to as { external?: string } | undefined)?.external)];
    expect(link, `the redirect page's 'go' names a link of app.links`).toBeDefined();

    const page = await e2e.openPage(screen!.path);
    await visible(page.getByText('Redirecting...'), "'Redirecting...'");
    await expectHealthyScreen(page, screen!.path);
    const url = await arrivesAt(page, (u) => samePage(u, link!), `the new homepage ${link}`, UI_TIMEOUT);
    expect(
      [...url.searchParams.keys()].filter((k) => k.startsWith('utm_')),
      'utm parameters',
    ).toContain('utm_campaign');
  });

  test('session watch: on a private route, losing the session opens the popup, and Ok goes to /login', async () => {
    const page = await e2e.openPage('/my-account', { loggedIn: true });
    await heading(page);
    await page.evaluate((key) => localStorage.removeItem(key), SESSION_KEY);
    const dialog = await visible(page.getByRole('dialog').filter({ hasText: SESSION_LOST_TEXT }), 'the session-lost popup', 8000);
    await expectHealthyScreen(page, 'session-lost popup');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await arrivesAt(page, (url) => url.pathname === '/login', '/login');
    await heading(page);
  });
});
