/**
 * The Files view's file side: the workspace's tree, opening a file into the editor, saving it
 * into the workspace with the version it was opened at, and, when someone saved it meanwhile,
 * both versions side by side with a way to keep either (nothing is lost).
 */
import type { FileEntry, Folder } from '../server/studio/service.ts';
import { refusalText } from './api.ts';
import { byId, el } from './dom.ts';
import type { Studio } from './studio.ts';

interface Conflict {
  path: string;
  yours: { text: string; baseVersion: string | null };
  theirs: { text: string; version: string; savedBy: string; savedAt: string } | null;
}

export interface Files {
  open(path: string): Promise<boolean>;
  save(): Promise<void>;
  refreshTree(): Promise<void>;
  unsaved(): boolean;
}

export function files(studio: Studio, emit: { file(event: { path: string; kind: 'opened' | 'saved' }): void }): Files {
  const tree = byId('file-tree');
  const heading = byId('editor-heading');
  const conflict = byId('conflict');
  const saveButton = byId<HTMLButtonElement>('save');
  /** The open file's version as last read or saved, and the text it had then. */
  let version: string | null = null;
  let savedText = '';
  let saving = false;

  const unsaved = () => studio.editor.path !== null && studio.editor.text() !== savedText;
  const workspacePath = (path: string) => `/workspaces/${studio.workspace.id}${path}`;

  function markOpen(path: string) {
    for (const button of tree.querySelectorAll<HTMLButtonElement>('button[data-path]')) {
      if (button.dataset.path === path) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }

  function showText(path: string, text: string, newVersion: string | null) {
    version = newVersion;
    savedText = text;
    studio.editor.show(path, text);
    heading.textContent = path;
    saveButton.disabled = studio.workspace.publishedReleaseId !== null;
    conflict.hidden = true;
    conflict.replaceChildren();
    markOpen(path);
  }

  async function refreshTree() {
    const answer = await studio.api.call<{ folders: Folder[] }>('GET', workspacePath(''));
    if (!answer.ok) throw new Error(refusalText(answer, 'Could not list the files'));
    const fileButton = (file: FileEntry) =>
      el('li', {}, [
        el('button', {
          type: 'button',
          'data-path': file.path,
          'aria-label': `Open ${file.path}`,
          text: file.name,
          onclick: () => void open(file.path),
        }),
      ]);
    tree.replaceChildren(
      ...answer.data.folders.flatMap((folder) => [el('h4', { text: folder.path }), el('ul', {}, folder.files.map(fileButton))]),
    );
    if (studio.editor.path) markOpen(studio.editor.path);
  }

  async function open(path: string): Promise<boolean> {
    if (path === studio.editor.path) return true;
    if (unsaved() && !window.confirm(`${studio.editor.path} has changes you have not saved. Open ${path} and drop them?`)) return false;
    const answer = await studio.api.call<{ text: string; version: string }>('GET', workspacePath(`/file?path=${encodeURIComponent(path)}`));
    if (!answer.ok) {
      studio.say(refusalText(answer, `Could not open ${path}`));
      return false;
    }
    showText(path, answer.data.text, answer.data.version);
    studio.say(`Opened ${path}.`);
    emit.file({ path, kind: 'opened' });
    return true;
  }

  async function save() {
    const path = studio.editor.path;
    if (!path || saving || studio.workspace.publishedReleaseId !== null) return;
    saving = true;
    saveButton.disabled = true;
    studio.say(`Saving ${path}…`);
    try {
      const text = studio.editor.text();
      const answer = await studio.api.call<{ version: string; unchanged: boolean }>('PUT', workspacePath('/file'), {
        path,
        text,
        baseVersion: version,
      });
      if (answer.status === 409 && answer.data.reason === 'conflict') return showConflict(answer.data as unknown as Conflict);
      if (!answer.ok) return studio.say(refusalText(answer, 'Not saved'));
      version = answer.data.version;
      savedText = text;
      studio.say(answer.data.unchanged ? `${path} had no changes.` : `Saved ${path}.`);
      emit.file({ path, kind: 'saved' });
      await studio.check();
    } finally {
      saving = false;
      saveButton.disabled = studio.editor.path === null;
    }
  }

  function showConflict(answer: Conflict) {
    const theirs = answer.theirs;
    const yours = answer.yours.text;
    const who = theirs ? `${theirs.savedBy}, ${new Date(theirs.savedAt).toLocaleString()}` : 'deleted';
    studio.say(`${answer.path} was saved by someone else since you opened it: nothing was written. Choose the version to keep.`);
    const keepTheirs = () => {
      showText(answer.path, theirs?.text ?? '', theirs?.version ?? null);
      studio.say(`Kept their version of ${answer.path}.`);
    };
    const keepMine = () => {
      showText(answer.path, yours, theirs?.version ?? null);
      savedText = theirs?.text ?? '';
      void save();
    };
    conflict.replaceChildren(
      el('h4', { text: `Two versions of ${answer.path}` }),
      el('div', { class: 'studio-versions' }, [
        el('section', { 'aria-label': 'Their version' }, [
          el('h5', { text: `Theirs (${who})` }),
          el('pre', { tabindex: '0', text: theirs?.text ?? '' }),
        ]),
        el('section', { 'aria-label': 'Your version' }, [
          el('h5', { text: 'Yours (not saved)' }),
          el('pre', { tabindex: '0', text: yours }),
        ]),
      ]),
      el('div', { class: 'studio-toolbar' }, [
        el('button', { type: 'button', text: 'Keep theirs', onclick: keepTheirs }),
        el('button', { type: 'button', class: 'secondary', text: 'Keep mine and save', onclick: keepMine }),
      ]),
    );
    conflict.hidden = false;
  }

  saveButton.addEventListener('click', () => void save());
  window.addEventListener('beforeunload', (event) => {
    if (unsaved()) event.preventDefault();
  });
  return { open, save, refreshTree, unsaved };
}
