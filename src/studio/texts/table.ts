/**
 * The Texts view's table: one row per English text, with the language's text in a field named
 * for the key ("Spanish text for home:heading") and its status. What the translator typed is
 * kept in `edits` (key → text), so filtering or reading the texts again never loses it.
 */
import type { TextRow } from '../../server/studio/texts.ts';
import { el } from '../dom.ts';

const STATUS_LABEL: Record<TextRow['state'], string> = { missing: 'missing', stale: 'stale', translated: 'done' };

export interface TableOptions {
  /** "es" */
  locale: string;
  /** "Spanish" */
  language: string;
  rows: TextRow[];
  edits: Map<string, string>;
  readOnly: boolean;
  /** After each keystroke in a field: the edits changed. */
  onEdit(): void;
}

/** Lines a field needs to show its text whole (at least one, at most eight). */
const linesOf = (text: string) => Math.min(8, Math.max(1, Math.ceil(text.length / 60), text.split('\n').length));

function row(o: TableOptions, text: TextRow): HTMLTableRowElement {
  const original = text.target ?? '';
  const field = el('textarea', {
    'aria-label': `${o.language} text for ${text.key}`,
    rows: String(linesOf(text.source)),
    lang: o.locale,
  });
  field.value = o.edits.get(text.key) ?? original;
  field.readOnly = o.readOnly;
  const status = el('td', { class: `texts-status texts-${text.state}` });
  const showStatus = () => {
    const edited = o.edits.has(text.key);
    status.textContent = edited ? `${STATUS_LABEL[text.state]}, edited` : STATUS_LABEL[text.state];
  };
  field.addEventListener('input', () => {
    if (field.value === original) o.edits.delete(text.key);
    else o.edits.set(text.key, field.value);
    showStatus();
    o.onEdit();
  });
  showStatus();
  return el('tr', { 'data-key': text.key }, [
    el('th', { scope: 'row' }, [el('code', { text: text.key })]),
    el('td', { class: 'texts-source', lang: 'en', text: text.source }),
    el('td', {}, [field]),
    status,
  ]);
}

export function textsTable(o: TableOptions): HTMLElement {
  const table = el('table', { class: 'texts-table' }, [
    el('caption', { class: 'visually-hidden', text: `English texts and their ${o.language} translations` }),
    el('thead', {}, [
      el('tr', {}, [
        el('th', { scope: 'col', text: 'Key' }),
        el('th', { scope: 'col', text: 'English' }),
        el('th', { scope: 'col', text: o.language }),
        el('th', { scope: 'col', text: 'Status' }),
      ]),
    ]),
    el(
      'tbody',
      {},
      o.rows.map((text) => row(o, text)),
    ),
  ]);
  return el('div', { class: 'table-wrap' }, [table]);
}
