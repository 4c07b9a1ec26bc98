/**
 * The Texts view's files for translators: Export XLIFF / Export CSV download the language's
 * missing and stale texts (with "Every text", all of them), and Import file sends a translated
 * file back, checked as `npm run copy -- import` checks it (refused whole, with every problem).
 */
import type { TextsSaved } from '../../server/studio/texts.ts';
import { refusalText } from '../api.ts';
import { el } from '../dom.ts';
import type { Studio } from '../studio.ts';

/** What a save or an import answers: the message and counts, or the problems that refused it. */
export type Saved = TextsSaved & { problems?: string[] } & Record<string, unknown>;

export function exportButtons(studio: Studio, locale: () => string | null): HTMLElement[] {
  const everyText = el('input', { type: 'checkbox', id: 'texts-export-all' });
  const download = (format: 'xliff' | 'csv') => {
    const chosen = locale();
    if (!chosen) return;
    const query = `?format=${format}${everyText.checked ? '&all=1' : ''}`;
    const link = el('a', { href: studio.api.url(`/workspaces/${studio.workspace.id}/texts/${chosen}/export${query}`), download: '' });
    document.body.append(link);
    link.click();
    link.remove();
  };
  return [
    el('button', { type: 'button', class: 'secondary', text: 'Export XLIFF', onclick: () => download('xliff') }),
    el('button', { type: 'button', class: 'secondary', text: 'Export CSV', onclick: () => download('csv') }),
    el('label', { class: 'texts-check' }, [everyText, ' Every text (not only missing and stale)']),
  ];
}

export function importField(
  studio: Studio,
  locale: () => string | null,
  o: { report(message: string, problems?: string[], isError?: boolean): void; done(): Promise<void> },
): HTMLElement {
  const input = el('input', { type: 'file', id: 'texts-import', accept: '.xlf,.xliff,.xml,.csv' });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    const chosen = locale();
    if (!file || !chosen) return;
    if (studio.workspace.publishedReleaseId !== null)
      return o.report('This workspace was published: reload the page for a new one.', [], true);
    o.report(`Importing ${file.name}…`);
    const answer = await studio.api.call<Saved>('POST', `/workspaces/${studio.workspace.id}/texts/${chosen}/import`, {
      name: file.name,
      text: await file.text(),
    });
    input.value = '';
    if (!answer.ok) return o.report(refusalText(answer, 'Not imported'), answer.data.problems ?? [], true);
    o.report(answer.data.message);
    studio.say(answer.data.message);
    await o.done();
  });
  return el('div', { class: 'field texts-import' }, [el('label', { for: 'texts-import', text: 'Import file' }), input]);
}
