/**
 * Older screens stay declarable (DESIGN: "Re-enabling one is a one-line config change, and a
 * test proves both modes"): the default build sends /choose-plan to the partner page; a build
 * of the same funnels with /choose-plan taken out of that route rule serves the screen.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { externalAddressOf, loadFunnelFacts, ruleFor } from './funnelFacts.ts';
import { arrivesAt, expectHealthyScreen, heading, samePage, useE2E } from './harness.ts';

const SCREEN = '/choose-plan';
const facts = loadFunnelFacts();
const partner = externalAddressOf(facts, SCREEN);

const work = mkdtempSync(path.join(tmpdir(), 'e2e-redirect-line-'));
const fixtureFunnels = path.join(work, 'funnels');

/** Copies funnels/ and deletes the one line `- /choose-plan` of the route rule that covers it. */
function writeFixture() {
  cpSync(facts.funnelsDir, fixtureFunnels, { recursive: true });
  const file = facts.files.find((f) => JSON.stringify(f.data.app ?? null).includes(`"${SCREEN}"`))?.file;
  if (!file) throw new Error(`No funnels file has a route rule naming ${SCREEN}.`);
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = new RegExp(`^\\s*-\\s*${SCREEN}\\s*$`);
  const at = lines.flatMap((text, index) => (line.test(text) ? [index] : []));
  expect(at, `${file} lists ${SCREEN} on a line of its own, once`).toHaveLength(1);
  lines.splice(at[0]!, 1);
  writeFileSync(path.join(fixtureFunnels, path.basename(file)), lines.join('\n'));
  // Read back: no route rule covers the path any more.
  expect(ruleFor(loadFunnelFacts(fixtureFunnels), SCREEN), `no route rule covers ${SCREEN} in the fixture`).toBeUndefined();
}

beforeAll(async () => {
  writeFixture();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a redirected screen comes back with one config line', () => {
  describe('the default build', () => {
    const e2e = useE2E();
    test(`${SCREEN} is sent to the partner page`, async () => {
      const page = await e2e.openPage(SCREEN);
      await arrivesAt(page, (url) => samePage(url, partner), `the partner page ${partner}`);
    });
  });

  describe(`the build without the ${SCREEN} line`, () => {
    const e2e = useE2E({ funnelsDir: fixtureFunnels });
    test(`${SCREEN} renders its screen`, async () => {
      const page = await e2e.openPage(SCREEN);
      await heading(page);
      expect(new URL(page.url()).pathname).toBe(SCREEN);
      await expectHealthyScreen(page, `${SCREEN} re-enabled`);
    });

    // The title goes on after the backslash (a line continuation: no newline in it).
    test(`logged in, / goes to ${SCREEN} with the query string, \
and back on / from there the browser leaves for the main site`, async () => {
      const page = await e2e.openPage('/?utm_source=newsletter', { loggedIn: true });
      await arrivesAt(page, (url) => url.pathname === SCREEN && url.search === '?utm_source=newsletter', `${SCREEN}?utm_source=newsletter`);
      await heading(page);

      const mainSite = externalAddressOf(facts, '/tryclasses');
      const home = page.locator('a[href="/"]').first();
      if ((await home.count()) > 0) await home.evaluate((a: HTMLElement) => a.click());
      else await page.goto(e2e.at('/'), { referer: page.url() });
      await arrivesAt(page, (url) => samePage(url, mainSite), `the main site ${mainSite}`);
    });
  });
});
