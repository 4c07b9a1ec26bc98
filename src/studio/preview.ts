/**
 * The preview beside the editor (docs/releases.md, "Studio editor"): the draft, rendered by the real
 * runtime in a frame, on the screen the cursor is in. The frame runs a preview draft of the workspace
 * (POST …/preview: its checkout on the sandbox); as the marketer types, the server answers what the
 * text changes in its screens and texts (POST …/live-preview) and the frame takes it in place
 * (src/runtime/studioPreview.ts), so what was typed into its forms stays. When the routes, flags or
 * shell change, a new draft is made with the text as typed and the frame loads it.
 */

import { type FrameMessage, PREVIEW_GO, PREVIEW_READY, PREVIEW_UPDATE, type StudioMessage } from '../runtime/studioPreview.ts';
import type { ConfigUpdate } from '../vitePlugin/hotUpdate.ts';
import { refusalText } from './api.ts';
import { el } from './dom.ts';
import { CURSOR_SCREEN_EVENT, type CursorScreen } from './editorScreens.ts';
import type { Studio } from './studio.ts';

/** The pause after typing before the preview follows (the server's answer takes 0.2–0.4 s more). */
export const PREVIEW_DELAY_MS = 400;

type Draft = {
  releaseId: number;
  previewToken: string;
};

type LiveAnswer = {
  ok: boolean;
  update: ConfigUpdate | null;
  screens: { id: string; path: string | null }[];
};

export function livePreview(studio: Studio) {
  const note = el('p', { id: 'preview-status', class: 'muted', role: 'status', text: 'The preview opens with the workspace.' });
  const frame = el('iframe', { id: 'preview-frame', title: 'Preview of the draft', class: 'studio-preview-frame' });
  studio.side.append(
    el('section', { class: 'studio-preview', 'aria-labelledby': 'preview-heading' }, [
      el('h3', { id: 'preview-heading', text: 'Preview' }),
      note,
      frame,
    ]),
  );
  const workspacePath = (path: string) => `/workspaces/${studio.workspace.id}${path}`;
  let draft: Draft | null = null;
  /** The frame's runtime listens (it said so since its last load). */
  let listening = false;
  let shownPath = '/';
  /** The open funnel file's screens and their paths, as the server last answered. */
  let screens: LiveAnswer['screens'] = [];
  let cursorScreenId: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: StudioMessage) => frame.contentWindow?.postMessage(message, window.location.origin);

  window.addEventListener('message', (event: MessageEvent<FrameMessage>) => {
    if (event.source !== frame.contentWindow || event.origin !== window.location.origin) return;
    if (event.data?.type === PREVIEW_READY) listening = true;
  });

  function load(path: string) {
    if (!draft) return;
    listening = false;
    shownPath = path;
    frame.src = `${path}?preview=${encodeURIComponent(draft.previewToken)}`;
  }

  /** The path of the cursor's screen, else the open funnel's first screen's, else where the frame is. */
  function wantedPath(): string {
    const screen = screens.find((s) => s.id === cursorScreenId) ?? (cursorScreenId === null ? screens[0] : undefined);
    // A path with parameters (/dont-go/:page) is not one address: the frame stays where it is.
    return screen?.path && !/[:*]/.test(screen.path) ? screen.path : shownPath;
  }

  function go() {
    const path = wantedPath();
    if (path === shownPath && frame.src) return;
    if (!listening) return load(path);
    shownPath = path;
    send({ type: PREVIEW_GO, path });
  }

  async function makeDraft(typed?: { path: string; text: string }) {
    const answer = await studio.api.call<Draft>('POST', workspacePath('/preview'), typed);
    if (!answer.ok) {
      note.textContent =
        answer.status === 422
          ? 'The preview shows the draft once it passes the check: fix the problems listed below.'
          : refusalText(answer, 'No preview');
      return;
    }
    draft = { releaseId: answer.data.releaseId, previewToken: answer.data.previewToken };
    note.textContent = `Draft ${draft.releaseId}, on the sandbox: payments are test payments.`;
    load(wantedPath());
  }

  async function follow() {
    const path = studio.editor.path;
    if (!path) return;
    if (!draft) return makeDraft();
    const text = studio.editor.text();
    const answer = await studio.api.call<LiveAnswer>('POST', workspacePath('/live-preview'), { releaseId: draft.releaseId, path, text });
    if (!answer.ok) {
      note.textContent = refusalText(answer, 'The preview could not follow');
      return;
    }
    if (path !== studio.editor.path || text !== studio.editor.text()) return;
    screens = answer.data.screens;
    if (!answer.data.ok) {
      note.textContent = 'The preview shows the last text that passed the check.';
      return;
    }
    if (answer.data.update === null) return makeDraft({ path, text });
    note.textContent = `Draft ${draft.releaseId}, as typed; on the sandbox: payments are test payments.`;
    if (listening) send({ type: PREVIEW_UPDATE, update: answer.data.update });
    go();
  }

  studio.onReady(() => makeDraft());
  studio.onFile((event) => {
    if (event.kind === 'opened') {
      screens = [];
      void follow();
    }
  });
  studio.editor.onChange(() => {
    clearTimeout(timer);
    timer = setTimeout(() => void follow(), PREVIEW_DELAY_MS);
  });
  document.addEventListener(CURSOR_SCREEN_EVENT, (event) => {
    cursorScreenId = (event as CustomEvent<CursorScreen>).detail.screenId;
    go();
  });
}
