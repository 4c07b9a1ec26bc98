/**
 * A translator in the studio's Texts view (docs/translators.md), in Chromium: picks Spanish,
 * filters to the missing texts, translates two of them and saves; exports the language as CSV
 * and sees a broken import refused with its problem; then a publisher publishes the workspace
 * from the studio page, and a fresh tab of `/?lang=es` shows the two Spanish texts.
 * Spanish is complete in the repository, so the test first makes the landing's heading and call
 * to action missing in its own workspace (copy/es/home.yaml saved without them).
 * SCREENSHOT_DIR=docs/screenshots/studio-texts writes a screenshot of each step.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { expectHealthyScreen, screenshotForReview, useE2E, visible } from './harness.ts';
import { loginOperator } from './operatorHelpers.ts';
import { studioApiOf } from './studioHelpers.ts';

const e2e = useE2E();
const TRANSLATOR = { email: 'studio-translator@example.com', password: 'e2e-studio-translator-password' };
const PUBLISHER = { email: 'studio-publisher@example.com', password: 'e2e-studio-publisher-password', role: 'publisher' };
const ES_HOME = 'copy/es/home.yaml';
const HEADING = '¡Tu prueba gratis empieza hoy!';
const CTA = 'Empieza gratis ahora';

describe('the Texts view', () => {
  test('a translator fills in two missing Spanish texts; a publisher publishes; /?lang=es shows them', { timeout: 180_000 }, async () => {
    const page = await e2e.openPage('/admin/login');
    await loginOperator(page, e2e.url, TRANSLATOR);
    await page.goto(e2e.at('/admin/studio'));
    await visible(page.getByText(/^Workspace \d+, from release \d+/), 'the workspace opened');

    // Spanish lacks nothing today: this workspace's copy/es/home.yaml loses the landing's heading and call to action.
    const api = studioApiOf(page, e2e.url);
    const id = await api.newestWorkspace();
    const es = await api.file(id, ES_HOME);
    const without = es.text.replace(/^heading: .*\n/m, '').replace(/^cta: .*\n/m, '');
    expect(without.split('\n').length).toBe(es.text.split('\n').length - 2);
    expect((await api.save(id, ES_HOME, without, es.version)).status()).toBe(200);

    // 1. The Texts view, Spanish picked.
    await page.getByRole('button', { name: 'Texts' }).click();
    const language = page.getByRole('combobox', { name: 'Language' });
    await visible(language, 'the language picker');
    await language.selectOption('es');
    await visible(page.getByText(/texts: \d+ done, 2 missing, 0 stale\. Showing \d+\./), 'the Spanish counts');
    await visible(page.getByRole('textbox', { name: 'Spanish text for home:lead' }), 'a field per text');
    await screenshotForReview(page, '1-texts-spanish');

    // 2. Missing only (from the keyboard): the two texts, with their English and status.
    const missingOnly = page.getByLabel('Missing only');
    await missingOnly.focus();
    await page.keyboard.press('Space');
    expect(await missingOnly.isChecked()).toBe(true);
    await visible(page.getByText(/2 missing, 0 stale\. Showing 2\./), 'two texts shown');
    const rows = page.locator('.texts-table tbody tr');
    expect(await rows.count()).toBe(2);
    const headingRow = page.locator('tr[data-key="home:heading"]');
    expect(await headingRow.locator('td').first().textContent()).toBe('Start your free trial today!');
    expect(await headingRow.locator('td').last().textContent()).toBe('missing');
    await expectHealthyScreen(page, 'the Texts view, missing only');
    await screenshotForReview(page, '2-texts-missing-only');

    // 3. Two translations typed and saved.
    await page.getByRole('textbox', { name: 'Spanish text for home:heading' }).fill(HEADING);
    await page.getByRole('textbox', { name: 'Spanish text for home:cta' }).fill(CTA);
    await visible(page.getByText('2 edited, not saved yet.'), 'the edits counted');
    expect(await headingRow.locator('td').last().textContent()).toBe('missing, edited');
    await page.getByRole('button', { name: 'Save translations' }).click();
    const saved = `Saved 2 text(s) into ${ES_HOME}; 0 unchanged, 0 left empty.`;
    await visible(page.locator('#texts-results').getByText(saved), 'the save confirmed');
    await visible(page.getByText('No Spanish text is missing.'), 'nothing missing any more');
    const stored = (await api.file(id, ES_HOME)).text;
    expect(stored).toContain(`heading: ${HEADING}\n`);
    expect(stored).toContain(`cta: ${CTA}\n`);
    expect(stored.startsWith(without)).toBe(true);
    await screenshotForReview(page, '3-texts-saved');

    // 4. Export CSV (every text, the two new ones among them); an import with a wrong placeholder is refused whole.
    await page.getByLabel('Every text (not only missing and stale)').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`workspace-${id}-es-all.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('key,source,target,state');
    expect(csv).toContain(`home:heading,Start your free trial today!,${HEADING},translated\n`);
    await page.getByLabel('Import file').setInputFiles({
      name: 'es.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('key,source,target,state\nhome:cta,x,"Entra, {name}",translated\n'),
    });
    await visible(
      page.getByText("es.csv: line 2 ('home:cta'): the translation has placeholders {name}, but the source text has none"),
      'the refused import’s problem',
    );
    expect((await api.file(id, ES_HOME)).text).toBe(stored);
    await expectHealthyScreen(page, 'the Texts view after a refused import');
    await screenshotForReview(page, '4-texts-import-refused');

    // 5. A publisher publishes the workspace from the studio page.
    const publisherPage = await e2e.openPage('/admin/login');
    await loginOperator(publisherPage, e2e.url, PUBLISHER);
    await publisherPage.goto(e2e.at('/admin/studio'));
    await visible(publisherPage.getByText(`Workspace ${id}, from release`), 'the translator’s workspace opened');
    const publish = publisherPage.getByRole('button', { name: 'Publish', exact: true });
    await expect.poll(() => publish.isEnabled(), { timeout: 10_000 }).toBe(true);
    await publish.click();
    await publisherPage.getByLabel('Release message').fill('Spanish landing heading and call to action');
    await publisherPage.getByRole('button', { name: 'Publish now' }).click();
    await visible(publisherPage.getByText(/^Published release \d+\./), 'the release published', 30_000);
    await screenshotForReview(publisherPage, '5-published');

    // 6. A fresh tab in Spanish shows both texts.
    const parent = await e2e.openPage('/?lang=es');
    await visible(parent.getByRole('heading', { level: 1, name: HEADING }), 'the Spanish heading');
    await visible(parent.getByRole('link', { name: CTA }), 'the Spanish call to action');
    await screenshotForReview(parent, '6-landing-in-spanish', { fullPage: true });
  });
});
