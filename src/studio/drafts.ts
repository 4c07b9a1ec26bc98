/**
 * Which draft (workspace) the studio edits: the one named by `?workspace=N`, else the newest not
 * yet published, else a new one from the live release. The toolbar's "Drafts" form switches to
 * another open draft or starts a new one from the live release or a chosen earlier one.
 */
import type { ReleaseSummary } from '../server/releases/endpoints.ts';
import type { StudioApi } from './api.ts';
import { refusalText } from './api.ts';
import { el } from './dom.ts';
import type { Studio, WorkspaceSummary } from './studio.ts';

const WORKSPACE_PARAM = 'workspace';

const openDrafts = async (api: StudioApi) =>
  ((await api.call<{ workspaces: WorkspaceSummary[] }>('GET', '/workspaces')).data.workspaces ?? [])
    .filter((w) => w.publishedReleaseId === null)
    .sort((a, b) => b.id - a.id);

export async function openWorkspace(api: StudioApi): Promise<WorkspaceSummary> {
  const drafts = await openDrafts(api);
  const asked = Number(new URLSearchParams(window.location.search).get(WORKSPACE_PARAM));
  const chosen = drafts.find((w) => w.id === asked) ?? drafts[0];
  if (chosen) return chosen;
  const made = await api.call<WorkspaceSummary>('POST', '/workspaces', { from: 'live' });
  if (!made.ok) throw new Error(refusalText(made, 'Could not make a workspace'));
  return made.data;
}

const switchTo = (id: number) => {
  const url = new URL(window.location.href);
  url.searchParams.set(WORKSPACE_PARAM, String(id));
  window.location.assign(url.href);
};

/** The "Drafts" group of the toolbar: the open drafts, and a new one from a release. */
export function draftChooser(studio: Studio) {
  studio.onReady(async () => {
    const [drafts, releases] = await Promise.all([
      openDrafts(studio.api),
      studio.api.call<{ releases: ReleaseSummary[]; liveId: number | null }>('GET', '/releases'),
    ]);
    const draftSelect = el(
      'select',
      { id: 'draft-choice' },
      drafts.map((w) => el('option', { value: String(w.id), text: `Draft ${w.id}: from release ${w.baseId}, by ${w.author}` })),
    );
    draftSelect.value = String(studio.workspace.id);
    draftSelect.addEventListener('change', () => {
      if (studio.unsaved() && !window.confirm(`${studio.editor.path} has changes you have not saved. Switch drafts and drop them?`)) {
        draftSelect.value = String(studio.workspace.id);
        return;
      }
      switchTo(Number(draftSelect.value));
    });

    const liveId = releases.data.liveId;
    const bases = (releases.data.releases ?? []).filter((r) => r.status === 'live' || r.status === 'earlier');
    const baseSelect = el(
      'select',
      { id: 'draft-base' },
      bases.map((r) =>
        el('option', {
          value: r.id === liveId ? 'live' : String(r.id),
          text: `Release ${r.id}${r.id === liveId ? ' (live)' : ''}: ${r.message || r.source}`,
        }),
      ),
    );
    const start = el('button', { type: 'button', class: 'secondary', text: 'New draft' });
    start.addEventListener('click', async () => {
      const from = baseSelect.value === 'live' ? 'live' : Number(baseSelect.value);
      const made = await studio.api.call<WorkspaceSummary>('POST', '/workspaces', { from });
      if (!made.ok) return studio.say(refusalText(made, 'No new draft'));
      switchTo(made.data.id);
    });
    studio.toolbar.append(
      el('span', { class: 'studio-drafts' }, [
        el('label', { for: 'draft-choice', text: 'Draft' }),
        draftSelect,
        el('label', { for: 'draft-base', text: 'Start from' }),
        baseSelect,
        start,
      ]),
    );
  });
}
