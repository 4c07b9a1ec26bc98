/**
 * The problems list: every problem the server's check finds in the workspace, each with its place
 * (a button that opens the file there), FL code, message and docs/errors.md entry; the open
 * file's problems are also marked in the editor.
 */
import type { Diagnostic } from '@codemirror/lint';
import { byId, el } from './dom.ts';
import { offsetOf } from './editor.ts';
import type { Studio, StudioDiagnostic } from './studio.ts';

export function problemsList(studio: Studio) {
  const list = byId('problems');
  const summary = byId('problems-summary');

  async function goTo(d: StudioDiagnostic) {
    if (!(await studio.openFile(d.file))) return;
    if (d.line) studio.editor.goTo(d.line, d.column);
  }

  function item(d: StudioDiagnostic) {
    const where = d.line ? `${d.file}:${d.line}:${d.column}` : d.file;
    const children: (Node | string)[] = [
      el('button', { type: 'button', class: 'secondary', 'aria-label': `Go to ${where}`, text: where, onclick: () => void goTo(d) }),
      ' ',
      el('strong', { text: d.code ?? d.severity }),
      ` ${d.message}`,
    ];
    // docs/errors.md is not served: its entry's words come with the problem, and the address names it in the repository.
    if (d.help)
      children.push(
        el('details', {}, [
          el('summary', { text: `${d.code} ${d.help.title}: how to fix it` }),
          el('p', { text: d.help.why }),
          el('p', { text: d.help.fix }),
          el('p', { class: 'muted' }, ['In the repository: ', el('code', { text: d.docs ?? '' })]),
        ]),
      );
    else if (d.docs) children.push(' — see ', el('code', { text: d.docs }));
    return el('li', { class: d.severity === 'error' ? 'error-item' : '' }, children);
  }

  return {
    checking() {
      summary.textContent = 'Checking…';
    },
    failed(text: string) {
      summary.textContent = text;
    },
    show(diagnostics: StudioDiagnostic[]) {
      list.replaceChildren(...diagnostics.map(item));
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      summary.textContent = diagnostics.length === 0 ? 'No problems.' : `${errors} error(s), ${diagnostics.length - errors} warning(s).`;
      studio.editor.mark(markersOf(studio, diagnostics));
    },
  };
}

/** The check's problems in the open file, as editor markers (a file-wide one on the first line). */
export function markersOf(studio: Studio, diagnostics: StudioDiagnostic[]): Diagnostic[] {
  const view = studio.editor.view;
  return diagnostics
    .filter((d) => d.file === studio.editor.path)
    .map((d) => {
      const from = offsetOf(view, d.line ?? 1, d.column ?? 1);
      const to = d.end ? Math.max(from, offsetOf(view, d.end.line, d.end.column)) : from;
      const code = d.code ? `${d.code} ` : '';
      const docs = d.docs ? ` (${d.docs})` : '';
      return { from, to, severity: d.severity, source: 'check', message: `${code}${d.message}${docs}` };
    });
}
