/**
 * The studio page (/admin/studio, docs/releases.md "Studio API"), as an editor uses it: logged out
 * it sends to the login; logged in it opens a workspace from live, opens copy/en/home.yaml, saves a
 * YAML mistake and sees it listed with its FL code, fixes it and sees no problems. Publish is
 * disabled for an editor, with the reason. A save on a version someone else replaced shows both
 * versions, and keeping one saves it. The build is the one the suite made.
 */
import { describe, expect, test } from 'vitest';
import { arrivesAt, expectHealthyScreen, useE2E, visible } from './harness.ts';
import { loginOperator } from './operatorHelpers.ts';
import { replaceEditorText, studioApiOf, typeAtEnd } from './studioHelpers.ts';

const e2e = useE2E();
const EDITOR = { email: 'studio-editor@example.com', password: 'e2e-studio-editor-password' };
const FILE = 'copy/en/home.yaml';

describe('the studio page', () => {
  test('logged out, /admin/studio sends to the login', async () => {
    const page = await e2e.openPage('/admin/studio');
    await arrivesAt(page, (url) => url.pathname === '/admin/login', 'the operators’ login');
  });

  test('an editor saves a YAML mistake, sees FL010 listed, fixes it and sees no problems; Publish is not theirs', async () => {
    const page = await e2e.openPage('/admin/login');
    await loginOperator(page, e2e.url, EDITOR);
    await page.goto(e2e.at('/admin/studio'));
    await visible(page.getByRole('heading', { level: 1, name: 'Studio' }), 'the studio heading');

    const publish = page.getByRole('button', { name: 'Publish' });
    expect(await publish.isDisabled()).toBe(true);
    expect(await publish.getAttribute('aria-describedby')).toBe('publish-reason');
    await visible(page.getByText('Only a publisher can publish'), 'why Publish is disabled');

    await page.getByRole('button', { name: `Open ${FILE}` }).click();
    await visible(page.getByRole('heading', { level: 3, name: FILE }), 'the open file’s name');
    const api = studioApiOf(page, e2e.url);
    const original = (await api.file(await api.newestWorkspace(), FILE)).text;
    expect(original).toContain('heading:');
    await visible(page.getByRole('textbox', { name: 'File text' }).getByText('heading:').first(), 'the file’s text in the editor');
    await expectHealthyScreen(page, 'the studio with a file open');

    // A mistake typed at the end: an unclosed flow sequence.
    await typeAtEnd(page, '\nbroken: [oops');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await visible(page.getByText(`Saved ${FILE}.`), 'the save confirmed');
    const problem = page.getByRole('listitem').filter({ hasText: 'FL010' });
    await visible(problem, 'the YAML syntax error listed with its code');
    expect(await problem.textContent()).toMatch(new RegExp(`${FILE.replaceAll('.', '\\.')}:\\d+:\\d+ FL010 .+docs/errors\\.md#fl010`));
    await expectHealthyScreen(page, 'the studio listing a problem');

    // Fixed: the file as it was, saved on the version the first save answered.
    await replaceEditorText(page, original);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await visible(page.getByText('No problems.'), 'no problems after the fix');
    expect(await page.locator('#problems li').count()).toBe(0);
    expect(await publish.isDisabled()).toBe(true);
  });

  test('someone saved the file since it was opened: both versions side by side, and keeping mine saves it', async () => {
    const page = await e2e.openPage('/admin/login');
    await loginOperator(page, e2e.url, EDITOR);
    await page.goto(e2e.at('/admin/studio'));
    await page.getByRole('button', { name: `Open ${FILE}` }).click();
    await visible(page.getByRole('heading', { level: 3, name: FILE }), 'the open file’s name');
    const api = studioApiOf(page, e2e.url);
    const id = await api.newestWorkspace();
    const opened = await api.file(id, FILE);
    const original = opened.text;
    expect(original).toContain('heading: Start your free trial today!');

    // Another tab of the same operator saves the file first, through the API.
    const theirs = original.replace('heading: Start your free trial today!', 'heading: Their heading');
    expect((await api.save(id, FILE, theirs, opened.version)).status()).toBe(200);

    const mine = original.replace('heading: Start your free trial today!', 'heading: My heading');
    await replaceEditorText(page, mine);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await visible(page.getByText('was saved by someone else since you opened it'), 'the conflict explained');
    expect(await page.getByRole('region', { name: 'Their version' }).textContent()).toContain('heading: Their heading');
    expect(await page.getByRole('region', { name: 'Your version' }).textContent()).toContain('heading: My heading');
    await expectHealthyScreen(page, 'the studio showing a conflict');

    await page.getByRole('button', { name: 'Keep mine and save' }).click();
    await visible(page.getByText(`Saved ${FILE}.`), 'mine saved on their version');
    expect((await api.file(id, FILE)).text).toBe(mine);
  });
});
