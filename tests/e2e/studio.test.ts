/**
 * The studio page (/admin/studio, docs/releases.md "Studio API"), as an editor uses it: logged out
 * it sends to the login; logged in it opens a workspace from live, opens copy/en/home.yaml, saves a
 * YAML mistake and sees it listed with its FL code, fixes it and sees no problems. Publish is
 * disabled for an editor, with the reason. Two editors save one file: the second sees both
 * versions, and keeping one saves it. The build is the one the suite made.
 * SCREENSHOT_DIR=docs/screenshots/studio writes the conflict view's screenshot.
 */
import { describe, expect, test } from 'vitest';
import { arrivesAt, expectHealthyScreen, screenshotForReview, useE2E, visible } from './harness.ts';
import { loginOperator } from './operatorHelpers.ts';
import { replaceEditorText, studioApiOf, typeAtEnd } from './studioHelpers.ts';

const e2e = useE2E();
const EDITOR = { email: 'studio-editor@example.com', password: 'e2e-studio-editor-password' };
const SECOND_EDITOR = { email: 'studio-editor-2@example.com', password: 'e2e-studio-editor-2-password' };
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

  test('two editors save one file: the second sees both versions, nothing is lost, and keeping mine saves it on theirs', async () => {
    const openAsEditor = async (editor: typeof EDITOR) => {
      const page = await e2e.openPage('/admin/login');
      await loginOperator(page, e2e.url, editor);
      await page.goto(e2e.at('/admin/studio'));
      await page.getByRole('button', { name: `Open ${FILE}` }).click();
      await visible(page.getByRole('heading', { level: 3, name: FILE }), `${editor.email}: the open file’s name`);
      return page;
    };
    const first = await openAsEditor(EDITOR);
    const second = await openAsEditor(SECOND_EDITOR);
    const api = studioApiOf(first, e2e.url);
    const id = await api.newestWorkspace();
    const original = (await api.file(id, FILE)).text;
    expect(original).toContain('heading: Start your free trial today!');

    const firsts = original.replace('heading: Start your free trial today!', 'heading: The first editor’s heading');
    await replaceEditorText(first, firsts);
    await first.getByRole('button', { name: 'Save draft' }).click();
    await visible(first.getByText(`Saved ${FILE}.`), 'the first editor’s save');

    const seconds = original.replace('heading: Start your free trial today!', 'heading: The second editor’s heading');
    await replaceEditorText(second, seconds);
    await second.getByRole('button', { name: 'Save draft' }).click();
    await visible(second.getByText('was saved by someone else since you opened it'), 'the conflict explained');
    const theirs = second.getByRole('region', { name: 'Their version' });
    expect(await theirs.textContent()).toContain('heading: The first editor’s heading');
    expect(await theirs.textContent()).toContain(EDITOR.email);
    expect(await second.getByRole('region', { name: 'Your version' }).textContent()).toContain('heading: The second editor’s heading');
    // Both are still there: the first editor's in the workspace, the second's on the second's screen.
    expect((await api.file(id, FILE)).text).toBe(firsts);
    await expectHealthyScreen(second, 'the studio showing a conflict');
    await screenshotForReview(second, 'conflict', { fullPage: true });

    await second.getByRole('button', { name: 'Keep mine and save' }).click();
    await visible(second.getByText(`Saved ${FILE}.`), 'the second editor’s version saved on the first’s');
    expect((await api.file(id, FILE)).text).toBe(seconds);
  });

  test('an editor starts a new draft from the live release and switches back to the earlier one', async () => {
    const page = await e2e.openPage('/admin/login');
    await loginOperator(page, e2e.url, EDITOR);
    await page.goto(e2e.at('/admin/studio'));
    const drafts = page.getByLabel('Draft', { exact: true });
    await visible(drafts, 'the drafts list');
    const earlier = await drafts.inputValue();
    expect(await page.getByLabel('Start from').locator('option').first().textContent()).toMatch(/^Release \d+ \(live\)/);

    await page.getByRole('button', { name: 'New draft' }).click();
    await arrivesAt(
      page,
      (url) => url.searchParams.get('workspace') !== null && url.searchParams.get('workspace') !== earlier,
      'the new draft',
    );
    const made = new URL(page.url()).searchParams.get('workspace');
    await visible(page.getByText(new RegExp(`^Workspace ${made}, from release \\d+\\. Choose a file to edit\\.$`)), 'the new draft open');
    await expectHealthyScreen(page, 'the studio on a new draft');

    await page.getByLabel('Draft', { exact: true }).selectOption(earlier);
    await arrivesAt(page, (url) => url.searchParams.get('workspace') === earlier, 'the earlier draft');
    await visible(page.getByText(new RegExp(`^Workspace ${earlier}, from release`)), 'the earlier draft open again');
  });
});
