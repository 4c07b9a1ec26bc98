/**
 * One test per row of the route table: where a parent ends up for every path, and
 * that every screen that renders is accessible.
 */
import { describe, expect, test } from 'vitest';
import { SESSION_KEY } from '../../src/browser/storageKeys.ts';
import { externalAddressOf, loadFunnelFacts, quizAnswerParams } from './funnelFacts.ts';
import {
  arrivesAt,
  expectHealthyScreen,
  heading,
  holdLateScripts,
  samePage,
  storedClientState,
  type TestPage,
  useE2E,
  visible,
} from './harness.ts';
import {
  ACCOUNT_CREATION_PATH,
  GUARDED_PATHS,
  MAIN_SITE_PATHS,
  NOT_FOUND_TEXTS,
  ON_DEMAND_PATHS,
  OWN_SCREENS,
  PARTNER_PAGE_PATHS,
  TO_MY_ACCOUNT_PATHS,
} from './routeTable.ts';

const e2e = useE2E();
const facts = loadFunnelFacts();

const onPath = (routePath: string) => (url: URL) => url.origin === e2e.url && url.pathname === routePath;

/** Text on the page, exact string or pattern. */
const showsText = (page: TestPage, text: string | RegExp) => visible(page.getByText(text), `the text ${JSON.stringify(String(text))}`);

/** The screen at `routePath` rendered (no redirect) with its heading and texts, and is accessible. */
async function expectScreen(page: TestPage, routePath: string, texts: (string | RegExp)[] = []) {
  await heading(page);
  for (const text of texts) await showsText(page, text);
  expect(new URL(page.url()).pathname, `${routePath} should show its own screen`).toBe(routePath);
  await expectHealthyScreen(page, routePath);
}

describe('route table', () => {
  test(
    '/: logged out the landing page; logged in on to /choose-plan with the query string, ' +
      'or to the main site when coming from /choose-plan; quiz answers from the query',
    async () => {
      const landing = await e2e.openPage('/');
      await expectScreen(landing, '/');

      // Logged in: /choose-plan carrying the query string (which itself sends to the partner page).
      const partner = externalAddressOf(facts, '/choose-plan');
      const loggedIn = await e2e.openPage('/?utm_source=newsletter&selected_plan=annual', { loggedIn: true });
      await arrivesAt(loggedIn, (url) => samePage(url, partner), `the partner page ${partner}`);
      const viaChoosePlan = loggedIn.visited.map((u) => new URL(u)).find((u) => u.pathname === '/choose-plan');
      expect(viaChoosePlan, `went through /choose-plan (visited: ${loggedIn.visited.join(' → ')})`).toBeDefined();
      expect(viaChoosePlan!.search).toBe('?utm_source=newsletter&selected_plan=annual');

      // Logged in, coming from /choose-plan: the main site.
      const mainSite = externalAddressOf(facts, '/tryclasses');
      const fromChoosePlan = await e2e.openPage('/', { loggedIn: true, referer: e2e.at('/choose-plan') });
      await arrivesAt(fromChoosePlan, (url) => samePage(url, mainSite), `the main site ${mainSite}`);

      // Quiz answers: stored when the question id is present and the answer numeric.
      const params = quizAnswerParams(facts);
      const quizUrl = (q: string | null, a: string) => `/?${q === null ? '' : `${params.question}=${q}&`}${params.answer}=${a}`;
      const answered = await e2e.openPage(quizUrl('screenTimeAtHome', '2'));
      await heading(answered);
      await expect.poll(async () => (await storedClientState(answered)).quiz?.answers, { timeout: 5000 }).toEqual({ screenTimeAtHome: 2 });

      for (const [q, a, why] of [
        ['screenTimeAtHome', 'lots', 'a non-numeric answer'],
        [null, '3', 'an answer without a question id'],
      ] as const) {
        const page = await e2e.openPage(quizUrl(q, a));
        await heading(page);
        expect((await storedClientState(page)).quiz?.answers ?? {}, why).toEqual({});
      }
    },
  );

  test('older funnel paths are sent to the external partner product page', async () => {
    const partner = externalAddressOf(facts, PARTNER_PAGE_PATHS[0]!);
    expect(new URL(partner).origin, 'the partner page is outside the app').not.toBe(e2e.url);
    for (const routePath of PARTNER_PAGE_PATHS) {
      const page = await e2e.openPage(routePath);
      await arrivesAt(page, (url) => samePage(url, partner), `${partner} from ${routePath}`);
    }
  });

  test('/tryclasses and /addclasses are sent to the main site', async () => {
    const mainSite = externalAddressOf(facts, MAIN_SITE_PATHS[0]!);
    expect(mainSite).not.toBe(externalAddressOf(facts, PARTNER_PAGE_PATHS[0]!));
    for (const routePath of MAIN_SITE_PATHS) {
      const page = await e2e.openPage(routePath);
      await arrivesAt(page, (url) => samePage(url, mainSite), `${mainSite} from ${routePath}`);
    }
  });

  test('own screens render their heading', async () => {
    for (const screen of OWN_SCREENS) {
      const page = await e2e.openPage(screen.path, { loggedIn: screen.loggedIn, clientState: screen.clientState });
      await expectScreen(page, screen.path, screen.texts);
    }
    // /logout logs the parent out and lands on /login.
    const logout = await e2e.openPage('/logout', { loggedIn: true });
    await arrivesAt(logout, onPath('/login'), '/login');
    await expectScreen(logout, '/login');
    expect(await logout.evaluate((key) => localStorage.getItem(key), SESSION_KEY), 'the session is gone').toBeNull();
  });

  test("screens loaded on demand: a public one comes drawn by the server, no 'Loading'; a private one waits for its code", async () => {
    const kinds = { server: 0, browser: 0 };
    for (const routePath of ON_DEMAND_PATHS) {
      const html = await (await fetch(e2e.at(routePath), { headers: { accept: 'text/html' } })).text();
      const drawnByServer = html.includes('id="page-state"');
      kinds[drawnByServer ? 'server' : 'browser']++;
      let hold!: Awaited<ReturnType<typeof holdLateScripts>>;
      const page = await e2e.openPage(routePath, {
        waitForApp: false,
        before: async (p) => {
          hold = await holdLateScripts(p);
        },
      });
      if (drawnByServer) {
        // Its chunk is held: what shows is the server's HTML.
        await expectScreen(page, routePath);
        expect(await page.getByText(/^Loading/).count(), `${routePath}: no 'Loading'`).toBe(0);
        hold.release();
        continue;
      }
      // Drawn in the browser: the page carries its screen, so 'Loading' shows only while the screen's block code is held.
      const loading = page.getByText(/^Loading/);
      await visible(loading.or(page.getByRole('heading', { level: 1 })), `${routePath}: 'Loading' or its heading`);
      if (await loading.isVisible())
        await expect.poll(() => hold.held(), { message: `${routePath} loads its block code on demand` }).toBeGreaterThan(0);
      hold.release();
      await expectScreen(page, routePath);
    }
    expect(kinds.server, 'public screens loaded on demand').toBeGreaterThan(0);
    expect(kinds.browser, 'private screens loaded on demand').toBeGreaterThan(0);

    // A private screen whose blocks are not in the first code (the account's sections) says 'Loading' until they come.
    let hold!: Awaited<ReturnType<typeof holdLateScripts>>;
    const account = await e2e.openPage('/my-account', {
      loggedIn: true,
      waitForApp: false,
      before: async (p) => {
        hold = await holdLateScripts(p);
      },
    });
    await showsText(account, /^Loading/);
    expect(hold.held(), '/my-account loads its block code on demand').toBeGreaterThan(0);
    hold.release();
    await expectScreen(account, '/my-account');
  });

  test('guarded routes send a logged-out parent to /login, remembering where they were going', async () => {
    for (const routePath of GUARDED_PATHS) {
      const page = await e2e.openPage(routePath);
      await arrivesAt(page, onPath('/login'), `/login from ${routePath}`);
      await heading(page);
      await expect
        .poll(async () => (await storedClientState(page)).expectedNextPage, { message: `expectedNextPage after ${routePath}` })
        .toBe(routePath);

      const loggedIn = await e2e.openPage(routePath, { loggedIn: true });
      await heading(loggedIn);
      expect(new URL(loggedIn.url()).pathname, `a logged-in parent is not sent to /login from ${routePath}`).not.toBe('/login');
    }
    const account = await e2e.openPage('/my-account', { loggedIn: true });
    await visible(account.getByRole('heading', { level: 1, name: 'My Account' }), "the heading 'My Account'");
    await expectHealthyScreen(account, '/my-account');
  });

  test('/wegrowsa-payment and /legovip-payment redirect to /my-account', async () => {
    for (const routePath of TO_MY_ACCOUNT_PATHS) {
      const page = await e2e.openPage(routePath, { loggedIn: true });
      await arrivesAt(page, onPath('/my-account'), `/my-account from ${routePath}`);
    }
  });

  test('a path containing offer-register is rewritten to /promo keeping the query string', async () => {
    for (const routePath of ['/offer-register', '/summer-offer-register']) {
      const page = await e2e.openPage(`${routePath}?code=CS12-3456&utm_source=mail`);
      const url = await arrivesAt(page, onPath('/promo'), `/promo from ${routePath}`);
      expect(url.search).toBe('?code=CS12-3456&utm_source=mail');
      await expectScreen(page, '/promo');
    }
  });

  test('the account-creation screen sends a logged-in parent to /signup-payment', async () => {
    const page = await e2e.openPage(ACCOUNT_CREATION_PATH, { loggedIn: true });
    await arrivesAt(page, onPath('/signup-payment'), `/signup-payment from ${ACCOUNT_CREATION_PATH}`);
    await expectScreen(page, '/signup-payment');

    const loggedOut = await e2e.openPage(ACCOUNT_CREATION_PATH);
    await expectScreen(loggedOut, ACCOUNT_CREATION_PATH);
  });

  test('any other path shows the not-found page', async () => {
    for (const routePath of ['/no-such-page', '/login/extra']) {
      const page = await e2e.openPage(routePath);
      for (const text of NOT_FOUND_TEXTS) await showsText(page, text);
      expect(new URL(page.url()).pathname).toBe(routePath);
      await expectHealthyScreen(page, routePath);
    }
  });
});
