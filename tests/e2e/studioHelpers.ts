/**
 * The studio in browser tests: its editor is CodeMirror (a contenteditable named "File text"), so
 * text is replaced as a person does (select all, then one insertion) and read back through the
 * Studio API, which holds what was saved (the editor draws only the lines in view).
 */
import type { Page } from 'playwright-core';
import { CSRF_HEADER, STUDIO_API_PREFIX } from '../../src/server/studio/wire.ts';

export const studioEditor = (page: Page) => page.getByRole('textbox', { name: 'File text' });

/** Replaces the open file's whole text, as select-all and paste would. */
export async function replaceEditorText(page: Page, text: string): Promise<void> {
  await studioEditor(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

/** Types at the end of the open file, key by key. */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await studioEditor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(text);
}

/** The Studio API as the logged-in page's cookies reach it: the newest workspace, a file's stored text and version, a save. */
export function studioApiOf(page: Page, baseUrl: string) {
  const at = (path: string) => new URL(STUDIO_API_PREFIX + path, baseUrl).href;
  const json = async <T>(path: string) => (await (await page.request.get(at(path))).json()) as T;
  return {
    async newestWorkspace(): Promise<number> {
      const { workspaces } = await json<{ workspaces: { id: number }[] }>('/workspaces');
      return Math.max(...workspaces.map((w) => w.id));
    },
    file: (id: number, path: string) => json<{ text: string; version: string }>(`/workspaces/${id}/file?path=${encodeURIComponent(path)}`),
    async save(id: number, path: string, text: string, baseVersion: string | null) {
      const { csrf } = await json<{ csrf: string }>('/session');
      return page.request.put(at(`/workspaces/${id}/file`), { headers: { [CSRF_HEADER]: csrf }, data: { path, text, baseVersion } });
    },
  };
}
