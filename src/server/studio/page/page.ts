/**
 * The `/admin/studio` page's server-rendered shell: the toolbar, the views' tabs, the file tree's
 * and editor's places and the problems list; the studio's own build (src/studio/, served by
 * ./assets.ts) fills them from the Studio API (docs/releases.md, "Studio API"). The operator's
 * role decides Publish here, so an editor sees it disabled with the reason even before the script runs.
 */
import { escapeHtml } from '../../../domain/html.ts';
import { htmlPage } from '../../adminPages/html.ts';
import type { OperatorRole } from '../../db/types.ts';
import { CSRF_HEADER, STUDIO_API_PREFIX } from '../wire.ts';
import type { StudioBundle } from './assets.ts';

export interface StudioPageOptions {
  stylesheet: string;
  /** The studio's built code (./assets.ts), or null when this server has no build of it. */
  bundle: StudioBundle | null;
  operatorEmail: string;
  role: OperatorRole;
  /** The session's CSRF token: the logout form's, and the API's `X-CSRF-Token`. */
  csrf: string;
}

export const PUBLISH_NEEDS_PUBLISHER = 'Only a publisher can publish: ask one to publish this workspace.';
export const STUDIO_NOT_BUILT = 'The studio is part of the built app: run npm run build (npm start does), then reload.';

/** The Files view: the tree, the editor (src/studio/editor.ts mounts CodeMirror in #editor), the side panel and the problems. */
const filesView =
  '<section id="view-files" class="studio-view" aria-labelledby="view-files-heading">' +
  '<h2 id="view-files-heading" class="visually-hidden">Files</h2>' +
  '<div class="studio-panes">' +
  '<nav class="studio-tree" aria-labelledby="files-heading"><h3 id="files-heading">Files</h3><div id="file-tree"></div></nav>' +
  '<section class="studio-editor" aria-labelledby="editor-heading">' +
  '<h3 id="editor-heading">No file open</h3>' +
  '<div id="editor"></div>' +
  '<div id="conflict" hidden></div>' +
  '</section>' +
  '<aside id="studio-side" class="studio-side" aria-label="Preview and map"></aside>' +
  '</div>' +
  '<section aria-labelledby="problems-heading"><h3 id="problems-heading">Problems</h3>' +
  '<p id="problems-summary" class="muted" role="status">Not checked yet.</p><ul id="problems" class="studio-problems"></ul></section>' +
  '</section>';

export function studioPage(o: StudioPageOptions): string {
  const canPublish = o.role === 'publisher';
  const publish = canPublish
    ? '<button type="button" id="publish" disabled>Publish</button>'
    : '<button type="button" id="publish" disabled aria-describedby="publish-reason">Publish</button>' +
      `<span id="publish-reason" class="muted">${escapeHtml(PUBLISH_NEEDS_PUBLISHER)}</span>`;
  const main = o.bundle
    ? `<div id="studio" class="studio" data-api="${STUDIO_API_PREFIX}" data-csrf-header="${CSRF_HEADER}" ` +
      `data-csrf="${escapeHtml(o.csrf)}" data-role="${escapeHtml(o.role)}">` +
      '<h1>Studio</h1>' +
      '<p id="studio-status" class="muted" role="status">Opening a workspace…</p>' +
      '<div id="studio-toolbar" class="studio-toolbar" role="toolbar" aria-label="Workspace actions">' +
      '<button type="button" id="save" disabled>Save draft</button>' +
      '<button type="button" id="preview" class="secondary" disabled>Preview</button>' +
      publish +
      '</div>' +
      '<nav id="studio-view-tabs" class="studio-view-tabs" aria-label="Studio views"></nav>' +
      filesView +
      '</div>'
    : `<h1>Studio</h1><p class="error">${escapeHtml(STUDIO_NOT_BUILT)}</p>`;
  return htmlPage({
    title: 'Studio',
    stylesheet: o.stylesheet,
    stylesheets: o.bundle?.stylesheets ?? [],
    modules: o.bundle ? [o.bundle.script] : [],
    headerActions:
      '<form method="post" action="/admin/logout" class="logout">' +
      `<span class="muted">${escapeHtml(o.operatorEmail)} (${escapeHtml(o.role)})</span> ` +
      `<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">` +
      '<button type="submit" class="secondary">Log out</button></form>',
    main,
  });
}
