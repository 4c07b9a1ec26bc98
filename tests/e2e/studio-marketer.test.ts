/**
 * A marketer in the studio (docs/marketers.md, "The studio"), timed: an editor logs in, makes `acmegym` from the
 * partner template through the New funnel form, writes its four texts, follows its map to a screen's line, types a
 * mistake (not saved) and sees it marked in the editor with its FL code after the pause in typing, fixes it and the
 * mark goes; the preview frame beside the editor shows acmegym's screen, takes an edit of its heading in place (no
 * load), and is walked inside the frame to its payment screen; the editor cannot publish. A publisher then publishes
 * through the studio page, and a fresh browser serves /acmegym. The whole scripted flow, typing included, takes under
 * 2 minutes. SCREENSHOT_DIR=docs/screenshots writes studio-*.png, one per step. The build is the one the suite made.
 *
 * The preview is walked inside the frame, as the marketer sees it beside the editor (the frame's preview draft and
 * parent account are its own, same origin); the Preview button's link, the one to share, then opens the saved
 * draft in a tab of its own.
 */
import { describe, expect, test } from 'vitest';
import { expectHealthyScreen, newParentEmail, screenshotForReview, type TestPage, UI_TIMEOUT, useE2E, visible } from './harness.ts';
import { loginOperator } from './operatorHelpers.ts';
import { replaceEditorText, studioApiOf } from './studioHelpers.ts';

const e2e = useE2E();
const EDITOR = { email: 'studio-marketer@example.com', password: 'e2e-studio-marketer-password' };
const PUBLISHER = { email: 'studio-publisher@example.com', password: 'e2e-studio-publisher-password', role: 'publisher' };
const PASSWORD = 'secret12';
const COPY = 'copy/en/acmegym.yaml';
const FUNNEL = 'funnels/acmegym.yaml';
const HEADING = 'Welcome, Acme Gym members!';
const NEW_HEADING = 'Acme Gym members code for free';
const PAYMENT_HEADING = 'Start your Acme Gym membership';

const texts = (heading: string) =>
  `landing:\n  heading: ${heading}\n  lead: As an Acme Gym member you get Codeling with a free trial.\n` +
  'register:\n  lead: Create your Codeling account. Your Acme Gym membership is linked to it.\n' +
  `payment:\n  heading: ${PAYMENT_HEADING}\n`;

async function saveDraft(page: TestPage, path: string) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await visible(page.getByRole('status').filter({ hasText: `Saved ${path}.` }), `${path} saved`);
}

const problem = (page: TestPage, code: string) => page.locator('#problems li').filter({ hasText: code });

async function previewLink(page: TestPage): Promise<string> {
  await page.getByRole('button', { name: 'Preview' }).click();
  const status = await visible(page.getByRole('status').filter({ hasText: 'Preview opened: ' }), 'the preview link', 20_000);
  const link = /Preview opened: (\S+)/.exec((await status.textContent()) ?? '')?.[1];
  expect(link).toMatch(/^\/\?preview=[\w-]+$/);
  return link!;
}

/** Clicks the editor's line holding `line`, deletes `erase` characters at its end and types `typed`, key by key, as a person does. */
async function retypeLineEnd(page: TestPage, line: string, erase: number, typed: string) {
  await page.locator('.cm-line', { hasText: line }).click();
  await page.keyboard.press('End');
  for (let i = 0; i < erase; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(typed);
  // Back to the line's start and the mouse away from the text (its hover), so the screenshots show the lines.
  await page.keyboard.press('Home');
  await page.mouse.move(0, 0);
}

/** Waits until the preview frame beside the editor shows `path`, its runtime ready. */
async function previewShows(page: TestPage, path: string, timeout = UI_TIMEOUT) {
  const frame = page.locator('#preview-frame');
  await expect
    .poll(() => frame.evaluate((f: HTMLIFrameElement) => f.contentWindow?.location.pathname), { timeout, interval: 100 })
    .toBe(path);
  await visible(page.frameLocator('#preview-frame').locator('#root[data-ready]'), `the preview ready at ${path}`, timeout);
}

describe('a marketer in the studio', () => {
  test('makes acmegym from the partner template, writes it, previews it to payment; a publisher publishes; under 2 minutes', async () => {
    const started = Date.now();

    // 1. An editor logs in and opens the studio.
    const page = await e2e.openPage('/admin/login');
    await loginOperator(page, e2e.url, EDITOR);
    await page.goto(e2e.at('/admin/studio'));
    await visible(page.getByRole('heading', { level: 1, name: 'Studio' }), 'the studio heading');
    await visible(page.getByRole('status').filter({ hasText: 'Choose a file to edit.' }), 'the workspace open');
    await expectHealthyScreen(page, 'the studio opened');
    await screenshotForReview(page, 'studio-1-opened');

    // 2. New funnel: the partner template's form, its defaults filled, a wrong value refused as the checker would.
    await page.getByRole('button', { name: 'New funnel' }).click();
    const dialog = page.getByRole('dialog', { name: 'New funnel' });
    await visible(dialog, 'the New funnel dialog');
    expect(await dialog.getByLabel('Template').inputValue()).toBe('partner');
    expect(await dialog.getByLabel('trialDays (optional)').inputValue()).toBe('7');
    await dialog.getByLabel('id', { exact: true }).fill('Acme Gym');
    await dialog.getByRole('button', { name: 'Create funnel' }).click();
    await visible(
      dialog.getByText('Expected an id like acmegym: lower-case letters and digits, starting with a letter.'),
      'the id refused',
    );
    await visible(dialog.getByText("Required: the partner's name as people know it, like Acme Gym."), 'the name required');
    await expectHealthyScreen(page, 'the New funnel form with its errors');
    await dialog.getByLabel('id', { exact: true }).fill('acmegym');
    await dialog.getByLabel('name', { exact: true }).fill('Acme Gym');
    await dialog.getByLabel('annualPrice (optional)').fill('59.99');
    await dialog.getByLabel('trialDays (optional)').fill('30');
    await screenshotForReview(page, 'studio-2-new-funnel');
    await dialog.getByRole('button', { name: 'Create funnel' }).click();
    await visible(page.getByRole('heading', { level: 3, name: COPY }), 'the new copy file open');
    await visible(page.getByRole('status').filter({ hasText: `Made ${FUNNEL} and ${COPY}: write its 4 texts` }), 'what was made');
    // Its four texts are empty, each marked by the check.
    await visible(problem(page, 'FL103').nth(3), 'four empty texts marked');
    expect(await problem(page, 'FL103').count()).toBe(4);
    await screenshotForReview(page, 'studio-3-texts-to-write');

    await replaceEditorText(page, texts(HEADING));
    await saveDraft(page, COPY);
    await expect.poll(() => problem(page, 'FL103').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('#problems li.error-item').count()).toBe(0);

    // The funnel's map: its screens, each taking the cursor to the funnel file's line that names it.
    await page.getByRole('button', { name: `Open ${FUNNEL}` }).click();
    await visible(page.getByRole('heading', { level: 3, name: FUNNEL }), 'the funnel file open');
    const map = page.getByRole('region', { name: 'Funnel map' });
    await visible(map.getByText('made from the template partner'), 'the map says the template');
    const payment = map.getByRole('button', { name: /^Go to screen acmegymPayment \(\/acmegym-payment\), line \d+$/ });
    await visible(payment, 'the payment screen on the map');
    await visible(map.getByText('→ acmegymRegister /acmegym-register').first(), 'the landing leads to the register screen');
    await payment.click();
    await visible(page.locator('.cm-activeLine').filter({ hasText: 'id: acmegym' }), 'the cursor on the line naming the screens');
    await expectHealthyScreen(page, 'the studio with the funnel map');
    await screenshotForReview(page, 'studio-4-map');

    // 3. A mistake typed, not saved: marked in the editor with its FL code after the pause in typing; fixed, unmarked.
    const api = studioApiOf(page, e2e.url);
    const workspace = await api.newestWorkspace();
    const funnel = (await api.file(workspace, FUNNEL)).text;
    await retypeLineEnd(page, 'trialDays: 30', 2, 'thirty');
    const typed = Date.now();
    const marker = page.locator('.cm-lintRange-error', { hasText: 'thirty' });
    await visible(marker, 'the mistake marked in the editor');
    console.log(`The mistake was marked ${Date.now() - typed} ms after typing stopped.`);
    await marker.hover();
    const message = await visible(page.locator('.cm-tooltip-lint', { hasText: 'FL206' }), 'the marker’s FL code');
    expect(await message.textContent()).toContain('Expected a number of days, like 30.');
    await visible(problem(page, 'FL206'), 'the mistake in the problems list too');
    expect((await api.file(workspace, FUNNEL)).text).toBe(funnel);
    await screenshotForReview(page, 'studio-5-mistake');
    await retypeLineEnd(page, 'trialDays: thirty', 'thirty'.length, '30');
    await expect.poll(() => page.locator('.cm-lintRange-error').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => problem(page, 'FL206').count(), { timeout: 10_000 }).toBe(0);
    expect((await api.file(workspace, FUNNEL)).text).toBe(funnel);

    // 4. The preview beside the editor shows acmegym's screen, takes an edited text in place, and is walked to payment.
    const preview = page.frameLocator('#preview-frame');
    await previewShows(page, '/acmegym');
    await visible(preview.getByRole('heading', { level: 1, name: HEADING }), 'the landing in the preview frame');
    await expectHealthyScreen(page, 'the studio with acmegym previewed');
    await screenshotForReview(page, 'studio-6-preview');
    await page.locator('#preview-frame').evaluate((f: HTMLIFrameElement) => {
      (f.contentWindow as Window & { loadedOnce?: boolean }).loadedOnce = true;
    });
    await page.getByRole('button', { name: `Open ${COPY}` }).click();
    await visible(page.getByRole('heading', { level: 3, name: COPY }), 'the copy file open again');
    await retypeLineEnd(page, `heading: ${HEADING}`, HEADING.length, NEW_HEADING);
    await visible(preview.getByRole('heading', { level: 1, name: NEW_HEADING }), 'the edited heading in the preview, as typed');
    expect(
      await page
        .locator('#preview-frame')
        .evaluate((f: HTMLIFrameElement) => (f.contentWindow as Window & { loadedOnce?: boolean }).loadedOnce),
    ).toBe(true);
    await screenshotForReview(page, 'studio-7-preview-updated');
    await saveDraft(page, COPY);
    await preview.getByRole('link', { name: 'Start your free trial' }).click();
    await previewShows(page, '/acmegym-register');
    await preview.getByLabel('Email').fill(newParentEmail('studio'));
    await preview.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await preview.getByLabel('Confirm password').fill(PASSWORD);
    await preview.getByRole('button', { name: 'Create account' }).click();
    await previewShows(page, '/acmegym-payment', 20_000);
    await visible(preview.getByRole('heading', { level: 1, name: PAYMENT_HEADING }), 'the payment screen in the preview');
    await expectHealthyScreen(page, 'the studio with /acmegym-payment previewed');
    await screenshotForReview(page, 'studio-8-preview-payment');
    const shared = await e2e.openPage(await previewLink(page), { viewport: { width: 390, height: 844 } });
    await shared.goto(e2e.at('/acmegym'));
    await visible(shared.getByRole('heading', { level: 1, name: NEW_HEADING }), 'the saved draft through the shared link');

    // 5. An editor cannot publish: the button is disabled, with the reason.
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    expect(await publish.isDisabled()).toBe(true);
    await visible(page.getByText('Only a publisher can publish'), 'why Publish is disabled');
    await screenshotForReview(page, 'studio-9-editor-cannot-publish');

    // A publisher publishes the draft through the studio page; history lists it.
    const publisher = await e2e.openPage('/admin/login');
    await loginOperator(publisher, e2e.url, PUBLISHER);
    await publisher.goto(e2e.at(`/admin/studio?workspace=${workspace}`));
    await visible(publisher.getByRole('status').filter({ hasText: 'Choose a file to edit.' }), 'the same workspace open');
    await publisher.getByRole('button', { name: 'Publish', exact: true }).click();
    await publisher.getByLabel('Release message (what changed, for the history)').fill('Acme Gym partner pages');
    await publisher.getByRole('button', { name: 'Publish now' }).click();
    await visible(publisher.getByRole('status').filter({ hasText: /Published release \d+\./ }), 'published', 20_000);
    await publisher.getByRole('button', { name: 'Changes and history' }).click();
    const row = publisher.getByRole('row').filter({ hasText: 'Acme Gym partner pages' });
    await visible(row, 'the release in the history');
    expect(await row.textContent()).toContain(`${PUBLISHER.email}`);
    expect(await row.textContent()).toContain(`added ${COPY}, added ${FUNNEL}`);
    await visible(publisher.getByRole('button', { name: /^Roll back to release \d+$/ }).first(), 'Roll back offered for earlier releases');
    await expectHealthyScreen(publisher, 'the studio’s history');
    await screenshotForReview(publisher, 'studio-10-published-history');

    // A fresh tab, no preview: live serves /acmegym.
    const fresh = await e2e.openPage('/');
    await expect
      .poll(
        async () => {
          await fresh.goto(e2e.at('/acmegym'));
          return fresh.getByRole('heading', { level: 1, name: NEW_HEADING }).count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    await screenshotForReview(fresh, 'studio-11-live');

    const seconds = (Date.now() - started) / 1000;
    console.log(`The marketer's scripted flow took ${seconds.toFixed(1)} s.`);
    expect(seconds).toBeLessThan(120);
  }, 240_000);
});
