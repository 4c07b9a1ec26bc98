import type { ConfigUpdate } from '../vitePlugin/hotUpdate.ts';
import type { Copy } from './copy.ts';
import { applyConfigUpdate } from './hotConfig.ts';
import type { Navigation, Screens } from './runtime.ts';

/**
 * A preview page in the studio's frame (/admin/studio, docs/releases.md "Studio editor"): it takes the draft as
 * the marketer types it without loading again, as `npm run dev` takes a save (./hotConfig.ts): the screen on show
 * keeps its visit and what was typed into its form (the same update, made by the server:
 * src/server/studio/editor.ts). Only a preview page loads this chunk (start.tsx), and it listens only when its
 * parent is the studio on the same origin; it takes messages from that parent alone.
 */

/** The studio → the frame: the screens and texts that changed (src/server/studio/editor.ts `livePreview`). */
export const PREVIEW_UPDATE = 'studio:preview-update';
/** The studio → the frame: show this path (the screen the editor's cursor is in). */
export const PREVIEW_GO = 'studio:preview-go';
/** The frame → the studio: it listens (sent once it does), at this path. */
export const PREVIEW_READY = 'studio:preview-ready';

export type StudioMessage = { type: typeof PREVIEW_UPDATE; update: ConfigUpdate } | { type: typeof PREVIEW_GO; path: string };
export interface FrameMessage {
  type: typeof PREVIEW_READY;
  path: string;
}

/** The studio's pages, where a preview frame may take updates from. */
export const STUDIO_PATH = '/admin/studio';

function studioParent(win: Window): Window | undefined {
  if (win.parent === win) return undefined;
  try {
    // A parent on another origin throws here: it may not drive the preview.
    const { origin, pathname } = win.parent.location;
    return origin === win.location.origin && (pathname === STUDIO_PATH || pathname.startsWith(`${STUDIO_PATH}/`)) ? win.parent : undefined;
  } catch {
    return undefined;
  }
}

export function acceptStudioUpdates(win: Window, copy: Copy, screens: Screens, navigation: Navigation): boolean {
  const studio = studioParent(win);
  if (!studio) return false;
  const told = () => studio.postMessage({ type: PREVIEW_READY, path: win.location.pathname } satisfies FrameMessage, win.location.origin);
  win.addEventListener('message', (event: MessageEvent<StudioMessage>) => {
    if (event.source !== studio || event.origin !== win.location.origin) return;
    const message = event.data;
    if (message?.type === PREVIEW_UPDATE) applyConfigUpdate(message.update, copy, screens);
    else if (message?.type === PREVIEW_GO && typeof message.path === 'string' && message.path.startsWith('/')) {
      if (win.location.pathname !== message.path) navigation.navigate(message.path, false);
    }
  });
  told();
  return true;
}
