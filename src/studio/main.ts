/**
 * The studio's browser code (/admin/studio; src/server/studio/page/page.ts renders its page, and
 * the build's `studio` environment bundles this apart from the parents' app). It opens a
 * workspace (./drafts.ts says which) and wires its parts: files and editor, problems, preview and publish, and the views others add.
 */
import './studio.css';
import { studioApi } from './api.ts';
import { byId } from './dom.ts';
import { draftChooser, openWorkspace } from './drafts.ts';
import { createEditor } from './editor.ts';
import { editorSchemas } from './editorSchema.ts';
import { files as filesOf } from './files.ts';
import { funnelMap } from './funnelMap.ts';
import { newFunnel } from './newFunnel.ts';
import { livePreview } from './preview.ts';
import { problemsList } from './problems.ts';
import { previewAndPublish } from './publish.ts';
import { releasesView } from './releases.ts';
import type { Studio, StudioDiagnostic, WorkspaceSummary } from './studio.ts';
import { textsView } from './texts/view.ts';
import { views as viewsOf } from './views.ts';

function listeners<T extends unknown[]>() {
  const all: ((...args: T) => void | Promise<void>)[] = [];
  return {
    add: (listener: (...args: T) => void | Promise<void>) => void all.push(listener),
    run: async (...args: T) => {
      for (const listener of all) await listener(...args);
    },
  };
}

function start(root: HTMLElement) {
  const status = byId('studio-status');
  const ready = listeners<[]>();
  const checked = listeners<[StudioDiagnostic[]]>();
  const fileEvents = listeners<[{ path: string; kind: 'opened' | 'saved' }]>();
  const views = viewsOf(root);
  const role = root.dataset.role === 'publisher' ? 'publisher' : 'editor';
  const editor = createEditor(byId('editor'), { onSave: () => void files.save() });

  const studio: Studio = {
    api: studioApi({ prefix: root.dataset.api ?? '', csrfHeader: root.dataset.csrfHeader ?? '', csrf: root.dataset.csrf ?? '' }),
    role,
    canPublish: role === 'publisher',
    workspace: undefined as unknown as WorkspaceSummary,
    editor,
    say: (text) => {
      status.textContent = text;
    },
    openFile: (path) => files.open(path),
    refreshTree: () => files.refreshTree(),
    unsaved: () => files.unsaved(),
    async check(typed) {
      problems.checking();
      const answer = await studio.api.call<{ diagnostics: StudioDiagnostic[] }>('POST', `/workspaces/${studio.workspace.id}/check`, typed);
      if (!answer.ok) {
        problems.failed(answer.data.error ?? `The check failed (${answer.status}).`);
        return null;
      }
      await checked.run(answer.data.diagnostics);
      return answer.data.diagnostics;
    },
    toolbar: byId('studio-toolbar'),
    side: byId('studio-side'),
    addView: (view) => views.add(view),
    showView: (id) => views.show(id),
    onReady: ready.add,
    onChecked: checked.add,
    onFile: fileEvents.add,
  };
  const files = filesOf(studio, { file: (event) => void fileEvents.run(event) });
  const problems = problemsList(studio);
  checked.add((diagnostics) => problems.show(diagnostics));
  previewAndPublish(studio, (diagnostics) => problems.show(diagnostics));
  editorSchemas(studio);
  livePreview(studio);
  draftChooser(studio);
  newFunnel(studio);
  funnelMap(studio);
  releasesView(studio);
  studio.onReady(() => studio.addView(textsView(studio)));

  openWorkspace(studio.api)
    .then(async (workspace) => {
      studio.workspace = workspace;
      await files.refreshTree();
      studio.say(`Workspace ${workspace.id}, from release ${workspace.baseId}. Choose a file to edit.`);
      await ready.run();
      await studio.check();
    })
    .catch((error: Error) => studio.say(error.message));
}

const root = document.getElementById('studio');
if (root) start(root);
