/**
 * The funnel map of the open file, in the side panel beside the editor (src/server/studio/funnelMap.ts draws it):
 * every screen as a button that puts the cursor on its line, with where it leads. A screen written in a template
 * says so, and which line of the template writes it. Drawn again when a file is opened or saved.
 */
import type { StudioFunnelMap } from '../server/studio/funnelMap.ts';
import { el } from './dom.ts';
import type { Studio } from './studio.ts';

export function funnelMap(studio: Studio) {
  const body = el('div', { id: 'funnel-map-body' });
  const section = el('section', { id: 'funnel-map', class: 'studio-map', 'aria-labelledby': 'funnel-map-heading' }, [
    el('h3', { id: 'funnel-map-heading', text: 'Funnel map' }),
    body,
  ]);
  section.hidden = true;
  studio.side.append(section);

  function render(map: StudioFunnelMap) {
    const label = new Map(map.nodes.map((n) => [n.id, n.label]));
    const screenNode = new Map(map.nodes.filter((n) => n.kind === 'screen').map((n) => [n.label.split(' ')[0], n.id]));
    const intro = map.note
      ? [el('p', { class: 'muted', text: map.note })]
      : [
          el('p', {
            class: 'muted',
            text:
              `${map.funnel}: ${map.screens.length} screens` +
              (map.template ? `, made from the template ${map.template.name} (${map.template.file})` : '') +
              (map.checked ? '.' : '. Drawn from the files as they are: the draft still has errors.'),
          }),
        ];
    const screens = map.screens.map((screen) => {
      const node = screenNode.get(screen.id);
      const leads = map.edges
        .filter((e) => e.from === node)
        .map((e) => el('li', { text: `→ ${label.get(e.to) ?? e.to} (${e.how}${e.when ? `, when ${e.when}` : ''})` }));
      return el('li', {}, [
        el('button', {
          type: 'button',
          class: 'secondary',
          'aria-label': `Go to screen ${screen.id} (${screen.path}), line ${screen.line}`,
          text: `${screen.id} ${screen.path}`,
          onclick: () => studio.editor.goTo(screen.line),
        }),
        ...(screen.title ? [el('span', { class: 'muted', text: ` ${screen.title}` })] : []),
        ...(screen.template
          ? [el('p', { class: 'muted', text: `From the template: ${screen.template.file}, line ${screen.template.line}.` })]
          : []),
        ...(leads.length > 0 ? [el('ul', {}, leads)] : []),
      ]);
    });
    body.replaceChildren(...intro, ...(screens.length > 0 ? [el('ol', { class: 'studio-map-screens' }, screens)] : []));
  }

  async function refresh(path: string) {
    if (!path.startsWith('funnels/') || path.startsWith('funnels/templates/')) {
      section.hidden = true;
      return;
    }
    const answer = await studio.api.call<StudioFunnelMap>('GET', `/workspaces/${studio.workspace.id}/map?path=${encodeURIComponent(path)}`);
    if (studio.editor.path !== path) return; // another file was opened meanwhile
    section.hidden = false;
    if (!answer.ok) return void body.replaceChildren(el('p', { class: 'error', text: answer.data.error ?? 'No map.' }));
    render(answer.data);
  }

  studio.onFile(({ path }) => refresh(path));
}
