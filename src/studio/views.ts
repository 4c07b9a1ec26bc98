/**
 * The studio's views: Files (the editor, server-rendered) and those its parts add (Texts,
 * Releases…), each a section of the page with a tab button above them. One view shows at a time.
 */
import { byId, el } from './dom.ts';
import type { StudioView } from './studio.ts';

export function views(root: HTMLElement) {
  const tabs = byId('studio-view-tabs');
  const sections = new Map<string, { section: HTMLElement; view: StudioView | null; rendered: boolean }>();
  const filesSection = byId('view-files');
  sections.set('files', { section: filesSection, view: null, rendered: true });

  const tab = (id: string, label: string) =>
    el('button', {
      type: 'button',
      class: 'secondary',
      'data-view': id,
      'aria-controls': `view-${id}`,
      text: label,
      onclick: () => void show(id),
    });

  tabs.append(tab('files', 'Files'));

  function add(view: StudioView) {
    const section = el('section', { id: `view-${view.id}`, class: 'studio-view', 'aria-label': view.label });
    section.hidden = true;
    root.append(section);
    sections.set(view.id, { section, view, rendered: false });
    tabs.append(tab(view.id, view.label));
    markCurrent(currentId);
  }

  let currentId = 'files';
  function markCurrent(id: string) {
    for (const button of tabs.querySelectorAll<HTMLButtonElement>('button[data-view]'))
      button.setAttribute('aria-pressed', String(button.dataset.view === id));
  }

  async function show(id: string) {
    const entry = sections.get(id);
    if (!entry) throw new Error(`The studio has no view ${id}.`);
    for (const [otherId, other] of sections) other.section.hidden = otherId !== id;
    currentId = id;
    markCurrent(id);
    if (!entry.rendered && entry.view) {
      entry.rendered = true;
      await entry.view.render(entry.section);
    } else await entry.view?.shown?.();
  }

  markCurrent('files');
  return { add, show };
}
