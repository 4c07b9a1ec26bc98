/**
 * Preview and Publish in the toolbar: a preview link of the workspace (its checkout on the
 * sandbox: docs/releases.md, "Previews"), and publishing it with a message (publishers only; the
 * server refuses anyone else too).
 */
import { refusalText } from './api.ts';
import { byId, el } from './dom.ts';
import type { Studio, StudioDiagnostic } from './studio.ts';

export function previewAndPublish(studio: Studio, showProblems: (diagnostics: StudioDiagnostic[]) => void) {
  const previewButton = byId<HTMLButtonElement>('preview');
  const publishButton = byId<HTMLButtonElement>('publish');
  const workspacePath = (path: string) => `/workspaces/${studio.workspace.id}${path}`;

  async function preview() {
    studio.say('Making a preview…');
    const answer = await studio.api.call<{ previewUrl: string; diagnostics?: StudioDiagnostic[] }>('POST', workspacePath('/preview'));
    if (answer.status === 422 && answer.data.diagnostics) {
      showProblems(answer.data.diagnostics);
      return studio.say('No preview while the check finds errors: fix the problems listed below.');
    }
    if (!answer.ok) return studio.say(refusalText(answer, 'No preview'));
    window.open(answer.data.previewUrl, '_blank', 'noopener');
    studio.say(`Preview opened: ${answer.data.previewUrl}`);
  }

  /** Asks for the release's message in a small form, then publishes. */
  function askToPublish() {
    if (!studio.canPublish || document.getElementById('publish-form')) return;
    const input = el('input', { id: 'publish-message', type: 'text', required: '' });
    const form = el('form', { id: 'publish-form', class: 'field' }, [
      el('label', { for: 'publish-message', text: 'Release message (what changed, for the history)' }),
      input,
      el('div', { class: 'studio-toolbar' }, [
        el('button', { type: 'submit', text: 'Publish now' }),
        el('button', { type: 'button', class: 'secondary', text: 'Cancel', onclick: () => form.remove() }),
      ]),
    ]);
    const send = async (force: boolean) => {
      const message = input.value.trim();
      if (!message) return input.focus();
      if (studio.unsaved()) return studio.say(`Save ${studio.editor.path} first: only saved files are published.`);
      studio.say('Publishing…');
      const answer = await studio.api.call<{ id: number; unchanged: boolean; warnings?: string[]; diagnostics?: StudioDiagnostic[] }>(
        'POST',
        workspacePath('/publish'),
        { message, ...(force ? { force } : {}) },
      );
      // The experiment guard (docs/releases.md): refused unless confirmed, as the CLI's --force.
      if (answer.status === 409 && answer.data.reason === 'experiment' && !force) {
        form.querySelector('#publish-anyway')?.remove();
        form.append(
          el('p', { id: 'publish-anyway', class: 'error' }, [
            refusalText(answer, 'Not published'),
            ' ',
            el('button', { type: 'button', text: 'Publish anyway', onclick: () => void send(true) }),
          ]),
        );
        return studio.say(refusalText(answer, 'Not published'));
      }
      if (!answer.ok) {
        if (answer.data.diagnostics) showProblems(answer.data.diagnostics);
        return studio.say(refusalText(answer, 'Not published'));
      }
      form.remove();
      if (answer.data.unchanged) return studio.say("Nothing to publish: the files are the live release's.");
      const warnings = answer.data.warnings?.length ? ` ${answer.data.warnings.join(' ')}` : '';
      studio.say(`Published release ${answer.data.id}. This workspace is now read-only; reload the page for a new one.${warnings}`);
      studio.workspace = { ...studio.workspace, publishedReleaseId: answer.data.id };
      byId<HTMLButtonElement>('save').disabled = true;
      studio.editor.setReadOnly(true);
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void send(false);
    });
    publishButton.after(form);
    input.focus();
  }

  previewButton.addEventListener('click', () => void preview());
  if (studio.canPublish) publishButton.addEventListener('click', askToPublish);
  studio.onReady(() => {
    previewButton.disabled = false;
    publishButton.disabled = !studio.canPublish;
  });
}
