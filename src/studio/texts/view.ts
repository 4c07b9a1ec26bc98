/**
 * The studio's Texts view, for translators (docs/translators.md): a language's texts beside the
 * English, with their status (missing, stale, done), filterable to the missing ones; edits saved
 * into the workspace's copy/<language>/ files; XLIFF and CSV export and import. The server does
 * the work with `npm run copy`'s tools (src/server/studio/textsRoutes.ts).
 */
import './texts.css';
import type { LocaleTexts } from '../../server/studio/texts.ts';
import { refusalText } from '../api.ts';
import { el } from '../dom.ts';
import type { Studio, StudioView } from '../studio.ts';
import { textsTable } from './table.ts';
import { exportButtons, importField, type Saved } from './transfer.ts';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
/** "Spanish" for es, "Brazilian Portuguese" for pt-BR; the code itself when the browser has no name for it. */
const languageName = (locale: string) => languageNames.of(locale) ?? locale;

export function textsView(studio: Studio): StudioView {
  let current: LocaleTexts | null = null;
  /** Key → the text typed, for the language shown; kept until saved. */
  const edits = new Map<string, string>();

  const picker = el('select', { id: 'texts-locale' });
  const missingOnly = el('input', { type: 'checkbox', id: 'texts-missing-only' });
  const summary = el('p', { id: 'texts-summary', class: 'muted', role: 'status', text: 'Reading the texts…' });
  const results = el('div', { id: 'texts-results', 'aria-live': 'polite' });
  const tableHolder = el('div', { id: 'texts-table' });
  const saveButton = el('button', { type: 'button', id: 'texts-save', text: 'Save translations', disabled: '' });
  const readOnly = () => studio.workspace.publishedReleaseId !== null;
  const workspacePath = (path: string) => `/workspaces/${studio.workspace.id}${path}`;

  /**
   * Says what happened: a sentence, and the problems the server listed, one a line (its message lists them too, then
   * sums up in a last paragraph: "1 problem(s): nothing was imported.", the sentence shown then).
   */
  function report(message: string, problems: string[] = [], isError = false) {
    const sentence = problems.length ? (message.split('\n\n').at(-1) ?? message) : message;
    results.replaceChildren(
      el('p', { class: isError ? 'error' : '', text: sentence }),
      ...(problems.length
        ? [
            el(
              'ul',
              { class: 'error' },
              problems.map((p) => el('li', { text: p })),
            ),
          ]
        : []),
    );
  }

  function showSummary() {
    if (!current) return;
    const status = current.locales.find((l) => l.locale === current!.locale);
    const shown = missingOnly.checked ? current.texts.filter((t) => t.state === 'missing').length : current.texts.length;
    const counts = status ? `${status.total} texts: ${status.translated} done, ${status.missing} missing, ${status.stale} stale.` : '';
    const edited = edits.size ? ` ${edits.size} edited, not saved yet.` : '';
    summary.textContent = `${counts} Showing ${shown}.${edited}`;
    saveButton.disabled = edits.size === 0 || readOnly();
  }

  function showTable() {
    if (!current) return;
    const rows = missingOnly.checked ? current.texts.filter((t) => t.state === 'missing' || edits.has(t.key)) : current.texts;
    tableHolder.replaceChildren(
      rows.length === 0
        ? el('p', { text: missingOnly.checked ? `No ${languageName(current.locale)} text is missing.` : 'No texts.' })
        : textsTable({
            locale: current.locale,
            language: languageName(current.locale),
            rows,
            edits,
            readOnly: readOnly(),
            onEdit: showSummary,
          }),
    );
    showSummary();
  }

  /** Reads the language's texts (default: the first one the workspace translates into); edits typed are kept. */
  async function load(locale?: string): Promise<boolean> {
    const query = locale ? `?locale=${encodeURIComponent(locale)}` : '';
    const answer = await studio.api.call<LocaleTexts & Record<string, unknown>>('GET', workspacePath(`/texts${query}`));
    if (!answer.ok) {
      summary.textContent = refusalText(answer, 'Could not read the texts');
      return false;
    }
    current = answer.data;
    picker.replaceChildren(
      ...current.locales.map((l) =>
        el('option', { value: l.locale, text: `${languageName(l.locale)} (${l.locale}): ${l.missing} missing, ${l.stale} stale` }),
      ),
    );
    picker.value = current.locale;
    showTable();
    return true;
  }

  async function save() {
    if (!current || edits.size === 0 || readOnly()) return;
    saveButton.disabled = true;
    const locale = current.locale;
    const answer = await studio.api.call<Saved>('POST', workspacePath(`/texts/${locale}`), {
      edits: [...edits].map(([key, text]) => ({ key, text })),
      versions: current.versions,
    });
    if (answer.status === 409 && answer.data.reason === 'conflict') {
      await load(locale);
      return report(
        `${answer.data.error ?? 'Someone saved these files meanwhile.'} ` +
          'The texts were read again and your edits kept: check them, then save again.',
        [],
        true,
      );
    }
    if (!answer.ok) {
      showSummary();
      return report(refusalText(answer, 'Not saved'), answer.data.problems ?? [], true);
    }
    edits.clear();
    report(answer.data.message);
    studio.say(answer.data.message);
    await load(locale);
    await studio.refreshTree();
    void studio.check();
  }

  async function afterImport() {
    if (current) await load(current.locale);
    await studio.refreshTree();
    void studio.check();
  }

  picker.addEventListener('change', () => {
    const chosen = picker.value;
    if (edits.size && !window.confirm(`You have ${edits.size} text(s) not saved. Show ${languageName(chosen)} and drop them?`)) {
      picker.value = current?.locale ?? chosen;
      return;
    }
    edits.clear();
    results.replaceChildren();
    void load(chosen);
  });
  missingOnly.addEventListener('change', showTable);
  saveButton.addEventListener('click', () => void save());

  return {
    id: 'texts',
    label: 'Texts',
    async render(section) {
      section.append(
        el('h2', { text: 'Texts' }),
        el('p', {
          class: 'muted',
          text:
            'Each English text beside its translation. Edit the texts, then Save translations: they go into this ' +
            "workspace's copy files, recorded as translated from today's English, and live when a publisher publishes it.",
        }),
        el('div', { class: 'studio-toolbar texts-controls' }, [
          el('label', { for: 'texts-locale', text: 'Language' }),
          picker,
          el('label', { class: 'texts-check' }, [missingOnly, ' Missing only']),
          saveButton,
        ]),
        el('div', { class: 'studio-toolbar texts-transfer' }, [
          ...exportButtons(studio, () => current?.locale ?? null),
          importField(studio, () => current?.locale ?? null, { report, done: afterImport }),
        ]),
        results,
        summary,
        tableHolder,
      );
      await load();
    },
    async shown() {
      if (edits.size === 0 && current) await load(current.locale);
    },
  };
}
