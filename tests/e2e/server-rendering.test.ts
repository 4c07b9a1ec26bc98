/**
 * A parent's first screen in one round trip (src/ssr/renderPage.tsx, src/server/pages/appPages.ts):
 * public screens arrive as HTML with their plans, in the visitor's language; the browser
 * hydrates that HTML without asking for the plans again; each page has its own chunks (a
 * server-rendered one's entry asks for them) and, once idle, fetches ahead only the screens it
 * leads to (src/runtime/prefetch.ts).
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../scripts/lib/build.ts';
import { blocks } from '../../src/blocks/registry.ts';
import { checkAndCompile } from '../../src/compiler/compile.ts';
import { createCopy } from '../../src/runtime/copy.ts';
import type { PageAssets } from '../../src/runtime/pageAssets.ts';
import { expectHealthyScreen, screenshotForReview, UI_TIMEOUT, useE2E, visible } from './harness.ts';

const e2e = useE2E();

const { compiled } = checkAndCompile({ root: repoRoot, funnelsDir: 'funnels', copyDir: 'copy', blocks });
if (!compiled?.copy.es || !compiled.copy.en) throw new Error('The funnel config does not compile.');
const en = createCopy('en', compiled.copy.en, async () => ({})).t.get();
const es = createCopy('es', compiled.copy.es, async () => ({})).t.get();

const PHONE = { width: 390, height: 844 };
/** A phone's User-Agent, still marked headless: the server renders it as the robot the browser says it is. */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Mobile Safari/537.36';

const pageAssets = (page: Page) =>
  page.evaluate(() => JSON.parse(document.getElementById('page-assets')?.textContent ?? 'null') as unknown);

/** Where the browser was told to fetch ahead (`<link rel=prefetch>`), once the page has been idle. */
async function prefetched(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 100))));
  return page.$$eval('link[rel="prefetch"]', (links) => links.map((l) => l.getAttribute('href')!));
}

describe('server-rendered first screens', () => {
  test('with JavaScript off, / on a phone already shows its heading and the plans', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: PHONE, userAgent: PHONE_UA });
    try {
      const page = await context.newPage();
      await page.goto(e2e.at('/'));
      await visible(page.getByRole('heading', { level: 1, name: en('home:heading') }), 'the landing heading without JavaScript');
      const cards = page.locator('[data-plan]');
      expect(await cards.count()).toBeGreaterThanOrEqual(2);
      await expect.poll(() => cards.first().innerText()).toMatch(/\$\d+\.\d\d/);
      expect(await page.getByText(en('common:loading'), { exact: true }).count()).toBe(0);
      await screenshotForReview(page, 'ssr-landing-no-javascript');
    } finally {
      await context.close();
    }
  });

  test('the browser hydrates that HTML: no second plan request, no console error, and the plans can be chosen', async () => {
    const planRequests: string[] = [];
    const page = await e2e.openPage('/', {
      viewport: PHONE,
      userAgent: PHONE_UA,
      before: async (p) => {
        p.on('request', (r) => r.url().includes('GetDefaultPlans') && planRequests.push(r.url()));
      },
    });
    await expect.poll(() => page.getAttribute('#root', 'data-render'), { timeout: UI_TIMEOUT }).toBe('hydrated');
    await page.waitForLoadState('networkidle');
    expect(planRequests).toEqual([]);
    await expectHealthyScreen(page, 'the hydrated landing');
    const choose = page.locator('[data-plan]').first().getByRole('link');
    if ((await choose.count()) > 0) await choose.click();
    else {
      await page.locator('[data-plan] input[type="radio"]').first().check();
      await page.locator('.plans__cta').getByRole('link').click();
    }
    await page.waitForURL((url) => url.pathname !== '/', { timeout: UI_TIMEOUT });
  });

  test("the HTML is in the visitor's language, with the tab title and description in it", async () => {
    const response = await fetch(e2e.at('/login'), { headers: { accept: 'text/html', 'accept-language': 'es-ES,es;q=0.9' } });
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(
      `<title>${es('common:documentTitle', { title: es('account:login.title'), product: es('common:productName') })}</title>`,
    );
    expect(html).toContain(`<meta name="description" content="${es('common:meta.description')}"`);
    expect(html).toContain(es('account:login.heading'));
    expect(response.headers.get('vary')).toContain('Accept-Language');

    const page = await e2e.openPage('/login', { locale: 'es-ES' });
    await expect.poll(() => page.getAttribute('#root', 'data-render'), { timeout: UI_TIMEOUT }).toBe('hydrated');
    await visible(page.getByRole('heading', { level: 1, name: es('account:login.heading') }), 'the Spanish heading');
  });

  test('a private screen is left to the browser; an unknown visitor gets a visitor id with the page', async () => {
    const html = await (await fetch(e2e.at('/my-account'), { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="page-state"');
    const first = await fetch(e2e.at('/'), { headers: { accept: 'text/html' } });
    expect(first.headers.get('set-cookie')).toMatch(/^experimentId=[\w-]+; Path=\/; SameSite=Lax; Max-Age=31536000/);
  });

  test("the entry asks for its page's own chunks; once idle, the screens it leads to, and their blocks on intent", async () => {
    const html = await (await fetch(e2e.at('/'), { headers: { accept: 'text/html' } })).text();
    // Nothing but the HTML and the stylesheet before the first paint: no script preloaded, the entry added after it.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toMatch(/<script data-entry="\/assets\/index-[\w-]+\.js">/);
    const page = await e2e.openPage('/');
    expect(await page.$$eval('script[type="module"]', (scripts) => scripts.map((s) => s.getAttribute('src')))).toEqual([
      expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
    ]);
    const assets = (await pageAssets(page)) as PageAssets;
    const own = [...assets.files.landing!, ...(assets.blocks.landing ?? [])];
    const preloaded = await page.$$eval('link[rel="modulepreload"]', (links) => links.map((l) => l.getAttribute('href')));
    expect(new Set(preloaded)).toEqual(new Set(own));
    // A page the browser renders itself preloads its screen's code in its head: its paint waits for it.
    const privatePage = await (await fetch(e2e.at('/my-account'), { headers: { accept: 'text/html' } })).text();
    for (const file of assets.files.myAccount!) expect(privatePage).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);

    const ahead = await prefetched(page);
    const expected = new Set(assets.next.landing!.flatMap((id) => assets.files[id] ?? []).filter((f) => !own.includes(f)));
    expect(new Set(ahead)).toEqual(expected);
    expect(ahead.length).toBeGreaterThan(0);
    // Not the whole app, nor the code of the blocks where it leads (the login form) before the parent shows the intent.
    expect(ahead.some((f) => assets.files.myAccount!.includes(f) && !expected.has(f))).toBe(false);
    const loginForm = assets.blocks.login!.filter((f) => !expected.has(f) && !own.includes(f));
    expect(loginForm.length).toBeGreaterThan(0);
    expect(ahead.some((f) => loginForm.includes(f))).toBe(false);

    // A pointer over the landing's link to /login: the login form's code is fetched.
    await page.locator('main a[href^="/login"]').first().hover();
    await expect
      .poll(() => page.$$eval('link[rel="prefetch"]', (links) => links.map((l) => l.getAttribute('href'))))
      .toEqual(expect.arrayContaining(loginForm));
  });

  test('with Save-Data on, nothing is fetched ahead', async () => {
    const page = await e2e.openPage('/', {
      before: async (p) => {
        await p.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
      },
    });
    expect(await prefetched(page)).toEqual([]);
  });

  test('the landing does not move while it loads (layout shift), and has its icon', async () => {
    const page = await e2e.openPage('/', {
      viewport: PHONE,
      userAgent: PHONE_UA,
      before: async (p) => {
        await p.addInitScript(() => {
          const w = window as { __shift?: number };
          w.__shift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) w.__shift! += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
      },
    });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(await page.evaluate(() => (window as { __shift?: number }).__shift)).toBeLessThanOrEqual(0.02);
    const icon = await page.getAttribute('link[rel="icon"]', 'href');
    expect(icon).toBe('/favicon.svg');
    expect((await fetch(e2e.at(icon!))).status).toBe(200);
  });
});
