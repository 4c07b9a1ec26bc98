/**
 * The operators' experiments report in Chromium: log in through the form, the tables and the
 * charts (canvases Chart.js drew), accessible; and Chart.js never reaches a parent's page.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultOutDir } from '../../scripts/lib/build.ts';
import { WRONG_CREDENTIALS } from '../../src/server/adminPages/loginPage.ts';
import { EXPECTED_TABLES, funnelsWithReportExperiments, seedReportRows } from '../server/reportSeed.ts';
import { expectAccessible, expectNoBrowserProblems, heading, type TestPage, useE2E, visible } from './harness.ts';
import { E2E_OPERATOR, ensureOperator, loginOperator } from './operatorHelpers.ts';
import { newParent, openPaymentPage } from './paymentsHelpers.ts';

const funnels = funnelsWithReportExperiments();
afterAll(() => funnels.remove());
const e2e = useE2E({ funnelsDir: funnels.dir });
beforeAll(async () => seedReportRows(e2e.app.backend.accounts.db));

/** Does the canvas hold any painted pixel? */
const painted = (page: TestPage, selector: string) =>
  page.locator(selector).evaluateAll((canvases) =>
    canvases.map((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) return c.width > 0 && c.height > 0;
      return false;
    }),
  );

describe('the experiments report (/admin/report)', () => {
  test('an operator logs in through the form and sees the tables and the charts; the page is accessible', async () => {
    const page = await e2e.openPage('/admin/login');
    await heading(page, 'Operator login');
    await expectAccessible(page, 'login');

    // A wrong password: the generic message, at the form.
    await ensureOperator(e2e.url);
    await page.getByLabel('Email').fill(E2E_OPERATOR.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await visible(page.getByRole('alert').filter({ hasText: WRONG_CREDENTIALS }), 'the wrong-credentials message');

    await loginOperator(page, e2e.url);
    await heading(page, 'Experiments report');
    await page.locator('html[data-charts-drawn="true"]').waitFor({ state: 'attached' });

    // The tables, by caption, with the seeded numbers.
    for (const [caption, rows] of Object.entries(EXPECTED_TABLES)) {
      const table = page.getByRole('table', { name: caption });
      await visible(table, `the table '${caption}'`);
      const cells = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
      expect(cells, caption).toEqual(rows);
    }
    // One chart per experiment and per funnel, each drawn by Chart.js.
    expect(await painted(page, 'canvas[data-chart="experiment"]')).toEqual([true, true, true]);
    expect(await painted(page, 'canvas[data-chart="funnel"]')).toEqual([true, true]);
    expect(await page.evaluate(() => document.querySelectorAll('canvas').length)).toBe(5);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('canvas')].every((c) =>
          Boolean((window as unknown as { Chart: { getChart(c: Element): unknown } }).Chart.getChart(c)),
        ),
      ),
    ).toBe(true);
    await visible(
      page.getByRole('img', { name: /Conversion rate per variant of heroCopy, with 95% intervals: control 10\.0%, bold 20\.0%/ }),
    );

    expectNoBrowserProblems(page);
    await expectAccessible(page, 'report');
    const screenshot = process.env.REPORT_SCREENSHOT;
    if (screenshot) {
      mkdirSync(path.dirname(path.resolve(screenshot)), { recursive: true });
      await page.screenshot({ path: screenshot, fullPage: true });
    }

    // Logging out ends the session: the report sends to the login form again.
    await page.getByRole('button', { name: 'Log out' }).click();
    await heading(page, 'Operator login');
    await page.goto(e2e.at('/admin/report'));
    await heading(page, 'Operator login');
  });
});

describe("Chart.js stays out of the parents' app", () => {
  /** Notes in `seen` every chart script the page requests. */
  const watchChartRequests = async (page: Page, seen: string[]) => {
    page.on('request', (request) => {
      if (/chart[^/]*\.js/i.test(new URL(request.url()).pathname)) seen.push(request.url());
    });
  };

  test("'/' and a payment page request no chart script, and have no window.Chart", async () => {
    const seen: string[] = [];
    const home = await e2e.openPage('/', { before: (p) => watchChartRequests(p, seen) });
    await heading(home);
    await home.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    expect(await home.evaluate(() => typeof (window as unknown as { Chart?: unknown }).Chart)).toBe('undefined');

    const parent = await newParent(e2e, 'no-chart');
    const payment = await openPaymentPage(e2e, '/signup-payment?offer=annual', parent, {
      before: (p) => watchChartRequests(p, seen),
    });
    await visible(payment.getByLabel('Card number'), 'the card number field');
    await payment.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    expect(await payment.evaluate(() => typeof (window as unknown as { Chart?: unknown }).Chart)).toBe('undefined');
  });

  test('no file of the build holds Chart.js', () => {
    const files = readdirSync(path.join(defaultOutDir, 'assets'));
    const withChart = files.filter(
      (f) => f.endsWith('.js') && readFileSync(path.join(defaultOutDir, 'assets', f), 'utf8').includes('Chart.js v'),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(withChart).toEqual([]);
  });
});
