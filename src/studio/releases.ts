/**
 * The Releases view: what the workspace changes against live (the files and the line diff, and what publishing
 * would do to a running experiment), and the history of every release (who, when, message, files changed) with
 * Roll back for publishers (docs/releases.md, "Studio API": GET …/diff, GET …/releases, POST …/releases/rollback).
 * A rollback refused by the experiment guard offers "Roll back anyway" (the CLI's --force).
 */
import type { ReleaseList, ReleaseSummary } from '../server/releases/endpoints.ts';
import type { WorkspaceDiff } from '../server/studio/service.ts';
import { refusalText } from './api.ts';
import { el } from './dom.ts';
import type { Studio } from './studio.ts';

const ROLLBACK_NEEDS_PUBLISHER = 'Only a publisher can roll back.';

const changeList = (changes: ReleaseSummary['changes']) =>
  [
    ...changes.added.map((p) => `added ${p}`),
    ...changes.changed.map((p) => `changed ${p}`),
    ...changes.removed.map((p) => `removed ${p}`),
  ].join(', ') || 'no file changed';

export function releasesView(studio: Studio) {
  let section: HTMLElement;
  const changes = el('div', { id: 'workspace-changes' });
  const history = el('div', { id: 'release-history' });

  async function showChanges() {
    const answer = await studio.api.call<WorkspaceDiff>('GET', `/workspaces/${studio.workspace.id}/diff`);
    if (!answer.ok)
      return void changes.replaceChildren(el('p', { class: 'error', text: answer.data.error ?? `No diff (${answer.status}).` }));
    const diff = answer.data;
    const experiments = diff.experiments;
    changes.replaceChildren(
      el('p', { text: `Against live release ${diff.liveId}: ${changeList(diff.changes)}.` }),
      ...(experiments === null
        ? [
            el('p', {
              class: 'muted',
              text: 'The draft does not pass the check yet: what it would do to experiments is known once it does.',
            }),
          ]
        : [...experiments.refusals, ...experiments.warnings].map((text) => el('p', { class: 'error', text }))),
      el('pre', { class: 'studio-diff', tabindex: '0', 'aria-label': 'Line diff against live', text: diff.diff || '(no difference)' }),
    );
  }

  async function rollback(to: number, force = false) {
    studio.say(`Rolling back to release ${to}…`);
    const answer = await studio.api.call<{ id: number; warnings: string[] }>('POST', '/releases/rollback', {
      to,
      ...(force ? { force } : {}),
    });
    if (answer.status === 409 && answer.data.reason === 'experiment' && !force) {
      studio.say(refusalText(answer, 'Not rolled back'));
      const anyway = el('button', { type: 'button', text: 'Roll back anyway', onclick: () => void rollback(to, true) });
      history.prepend(el('p', { class: 'error' }, [refusalText(answer, 'Not rolled back'), ' ', anyway]));
      return;
    }
    if (!answer.ok) return studio.say(refusalText(answer, 'Not rolled back'));
    studio.say(`Release ${answer.data.id} is live again.${answer.data.warnings.length ? ` ${answer.data.warnings.join(' ')}` : ''}`);
    await showHistory();
  }

  async function showHistory() {
    const answer = await studio.api.call<ReleaseList>('GET', '/releases');
    if (!answer.ok)
      return void history.replaceChildren(el('p', { class: 'error', text: answer.data.error ?? `No history (${answer.status}).` }));
    const { releases, liveId } = answer.data;
    const published = releases.filter((r) => r.status !== 'draft' && r.status !== 'deleted');
    const row = (r: ReleaseSummary) => {
      const live = r.id === liveId;
      const action = live
        ? el('span', { text: 'live' })
        : r.status === 'earlier'
          ? el('button', {
              type: 'button',
              class: 'secondary',
              'aria-label': `Roll back to release ${r.id}`,
              text: 'Roll back',
              ...(studio.canPublish ? { onclick: () => void rollback(r.id) } : { disabled: '', 'aria-describedby': 'rollback-reason' }),
            })
          : el('span', { class: 'muted', text: r.status });
      return el('tr', {}, [
        el('td', { text: String(r.id) }),
        el('td', { text: r.author }),
        el('td', { text: new Date(r.createdAt).toLocaleString() }),
        el('td', { text: r.message }),
        el('td', { text: changeList(r.changes) }),
        el('td', {}, [action]),
      ]);
    };
    history.replaceChildren(
      ...(studio.canPublish ? [] : [el('p', { id: 'rollback-reason', class: 'muted', text: ROLLBACK_NEEDS_PUBLISHER })]),
      el('table', {}, [
        el('caption', { text: `Every release, newest first (${published.length} published; drafts are listed too).` }),
        el('thead', {}, [
          el(
            'tr',
            {},
            ['Release', 'Who', 'When', 'Message', 'Files changed', ''].map((h) => el('th', { scope: 'col', text: h })),
          ),
        ]),
        el('tbody', {}, releases.map(row)),
      ]),
    );
  }

  studio.addView({
    id: 'releases',
    label: 'Changes and history',
    render(target) {
      section = target;
      section.append(el('h2', { text: 'Changes against live' }), changes, el('h2', { text: 'History' }), history);
      return Promise.all([showChanges(), showHistory()]).then(() => undefined);
    },
    shown: () => Promise.all([showChanges(), showHistory()]).then(() => undefined),
  });
}
