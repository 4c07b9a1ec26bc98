/**
 * The studio's editor and live preview (docs/releases.md, "Studio editor"), as a marketer uses
 * them: completion offers a block's type; a misspelt property is marked on its own line; a copy
 * key that does not exist, typed and not saved, is marked with its FL code about a second after
 * typing stops and the mark goes when it is fixed; the preview beside the editor shows the screen
 * the cursor is in, and a heading's text typed into the copy file shows in it without a load,
 * what was typed into its form still there. Screenshots (SCREENSHOT_DIR) of each step.
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectHealthyScreen, screenshotForReview, type TestPage, UI_TIMEOUT, useE2E, visible } from './harness.ts';
import { loginOperator } from './operatorHelpers.ts';
import { studioApiOf, studioEditor } from './studioHelpers.ts';

const e2e = useE2E();
const EDITOR = { email: 'studio-typist@example.com', password: 'e2e-studio-typist-password' };
const FUNNEL = 'funnels/account.yaml';
const COPY = 'copy/en/account.yaml';
const HEADING_LINE = '        text: account:login.heading';

/** Replaces the open file's text and puts the cursor back at its top (the lines tested are near it). */
async function retype(page: Page, text: string) {
  // Focused, not clicked: a hover or lint tooltip may lie over the text.
  await page.mouse.move(0, 0);
  await studioEditor(page).focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Control+Home');
}

async function openStudio(): Promise<TestPage> {
  const page = await e2e.openPage('/admin/login');
  await loginOperator(page, e2e.url, EDITOR);
  await page.goto(e2e.at('/admin/studio'));
  await visible(page.getByRole('heading', { level: 1, name: 'Studio' }), 'the studio heading');
  return page;
}

async function open(page: Page, file: string): Promise<string> {
  await page.getByRole('button', { name: `Open ${file}` }).click();
  await visible(page.getByRole('heading', { level: 3, name: file }), 'the open file’s name');
  const api = studioApiOf(page, e2e.url);
  return (await api.file(await api.newestWorkspace(), file)).text;
}

/** The preview frame, once it shows `path`. */
async function previewAt(page: Page, path: string): Promise<Frame> {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const frame = page.frames().find((f) => f !== page.mainFrame() && new URL(f.url(), e2e.url).pathname === path);
    if (frame && (await frame.locator('#root[data-ready]').count()) > 0) return frame;
    if (Date.now() > deadline)
      throw new Error(
        `The preview never showed ${path}: ${page
          .frames()
          .map((f) => f.url())
          .join(', ')}`,
      );
    await page.waitForTimeout(100);
  }
}

/** Puts the cursor on the first line holding `text`: scrolled to from the top, then clicked, as a person does. */
async function cursorTo(page: Page, text: string) {
  await page.mouse.move(0, 0);
  const scroller = page.locator('.cm-scroller');
  // The editor draws only the lines in the window's view: the whole editor in view first.
  await page.locator('#editor').scrollIntoViewIfNeeded();
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  const line = page.locator('.cm-line', { hasText: text }).first();
  // Lines are drawn a frame after a scroll: scroll a little at a time until the line is drawn.
  for (let i = 0; i < 80 && (await line.count()) === 0; i++) {
    await scroller.evaluate((el) => el.scrollBy(0, 200));
    await page.waitForTimeout(50);
  }

  await line.click();
}

const lintRange = (page: Page, text: string) => page.locator('.cm-lintRange-error', { hasText: text });

describe('the studio editor', () => {
  test('completion offers the block types; a misspelt property is marked on its own line, not its type', async () => {
    const page = await openStudio();
    const original = await open(page, FUNNEL);
    expect(original).toContain(`      - type: heading\n${HEADING_LINE}`);

    await retype(page, original.replace(`      - type: heading\n${HEADING_LINE}`, `      - type: he\n${HEADING_LINE}`));
    await page.locator('.cm-line', { hasText: /^\s*- type: he$/ }).click();
    await page.keyboard.press('End');
    await page.keyboard.type('a');
    const options = page.locator('.cm-tooltip-autocomplete li');
    // The file's schema arrives after the file opens: typed before it, a person asks again with Ctrl+Space.
    await options
      .filter({ hasText: /^heading/ })
      .waitFor({ timeout: 3000 })
      .catch(() => page.keyboard.press('Control+Space'));
    await visible(options.filter({ hasText: /^heading/ }), 'the heading type offered');
    expect(await options.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^heading/)]));
    await screenshotForReview(page, 'studio-editor-1-completion');
    await page.keyboard.press('Enter');
    await visible(page.locator('.cm-line', { hasText: /^\s*- type: heading$/ }), 'the type completed');

    await retype(page, original.replace(HEADING_LINE, '        txt: account:login.heading'));
    await visible(lintRange(page, 'txt'), 'the misspelt property underlined');
    await lintRange(page, 'txt').hover();
    await visible(page.locator('.cm-tooltip-lint', { hasText: 'Property txt is not allowed.' }), 'its message');
    expect(await lintRange(page, 'heading').count()).toBe(0);
    await screenshotForReview(page, 'studio-editor-2-misspelt-property');
    await retype(page, original);
  });

  test('a copy key that does not exist, typed, not saved: marked with its FL code about a second later; fixed, unmarked', async () => {
    const page = await openStudio();
    const original = await open(page, FUNNEL);
    await visible(page.getByText('No problems.'), 'a clean workspace');

    await retype(page, original.replace(HEADING_LINE, '        text: account:login.headingg'));
    const started = Date.now();
    const problem = page.locator('#problems li', { hasText: `${FUNNEL}:13:` });
    await visible(problem, 'the missing text listed at its line');
    const marked = Date.now() - started;
    console.log(`The missing copy key was marked ${marked} ms after typing stopped.`);
    expect(await problem.textContent()).toMatch(/FL\d{3} .*account:login\.headingg.*docs\/errors\.md#fl\d{3}/);
    await visible(lintRange(page, 'account:login.headingg'), 'the key underlined in the editor');
    // About a second on an idle machine; this one runs other tests beside it.
    expect(marked).toBeLessThan(3000);
    await screenshotForReview(page, 'studio-editor-3-cross-file-mistake');

    await retype(page, original);
    await visible(page.getByText('No problems.'), 'no problems once fixed');
    expect(await lintRange(page, 'account:login.heading').count()).toBe(0);
    const api = studioApiOf(page, e2e.url);
    expect((await api.file(await api.newestWorkspace(), FUNNEL)).text).toBe(original);
  });

  test('the preview shows the cursor’s screen; a heading’s text typed shows in it without a load, the form keeping its value', async () => {
    const page = await openStudio();
    await open(page, FUNNEL);
    let frame = await previewAt(page, '/login');
    await visible(frame.getByRole('heading', { name: 'Log into your account' }), 'the login screen previewed');

    await cursorTo(page, 'path: /register');
    frame = await previewAt(page, '/register');
    await screenshotForReview(page, 'studio-editor-4-preview-follows-cursor');
    await cursorTo(page, 'path: /login');
    frame = await previewAt(page, '/login');

    await frame.getByLabel('Email').fill('typed-before@example.com');
    await frame.evaluate(() => {
      (window as { loadedOnce?: boolean }).loadedOnce = true;
    });
    const copy = await open(page, COPY);
    expect(copy).toContain('heading: Log into your account');
    await retype(page, copy.replace('heading: Log into your account', 'heading: Log in and keep coding'));
    await visible(frame.getByRole('heading', { name: 'Log in and keep coding' }), 'the new heading in the preview');
    expect(await frame.getByLabel('Email').inputValue()).toBe('typed-before@example.com');
    expect(await frame.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    await screenshotForReview(page, 'studio-editor-5-preview-updated-in-place');
    await expectHealthyScreen(page, 'the studio with its preview');
  });
});
