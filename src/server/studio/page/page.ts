/**
 * The `/admin/studio` page's server-rendered shell: the toolbar, the file tree's and editor's
 * places and the problems list; studio.js (beside this file, served as an /admin asset) fills them
 * from the Studio API (docs/releases.md, "Studio API"). The operator's role decides Publish here,
 * so an editor sees it disabled with the reason even before the script runs.
 */
import { escapeHtml } from '../../../domain/html.ts';
import { htmlPage } from '../../adminPages/html.ts';
import type { OperatorRole } from '../../db/types.ts';
import { CSRF_HEADER, STUDIO_API_PREFIX } from '../wire.ts';

export interface StudioPageOptions {
  stylesheet: string;
  script: string;
  operatorEmail: string;
  role: OperatorRole;
  /** The session's CSRF token: the logout form's, and the API's `X-CSRF-Token`. */
  csrf: string;
}

export const PUBLISH_NEEDS_PUBLISHER = 'Only a publisher can publish: ask one to publish this workspace.';

export function studioPage(o: StudioPageOptions): string {
  const canPublish = o.role === 'publisher';
  const publish = canPublish
    ? '<button type="button" id="publish">Publish</button>'
    : '<button type="button" id="publish" disabled aria-describedby="publish-reason">Publish</button>' +
      `<span id="publish-reason" class="muted">${escapeHtml(PUBLISH_NEEDS_PUBLISHER)}</span>`;
  const main =
    `<div id="studio" class="studio" data-api="${STUDIO_API_PREFIX}" data-csrf-header="${CSRF_HEADER}" ` +
    `data-csrf="${escapeHtml(o.csrf)}" data-role="${escapeHtml(o.role)}">` +
    '<h1>Studio</h1>' +
    '<p id="studio-status" class="muted" role="status">Opening a workspace…</p>' +
    '<div class="studio-toolbar" role="toolbar" aria-label="Workspace actions">' +
    '<button type="button" id="save" disabled>Save draft</button>' +
    '<button type="button" id="preview" class="secondary" disabled>Preview</button>' +
    publish +
    '</div>' +
    '<div class="studio-panes">' +
    '<nav class="studio-tree" aria-labelledby="files-heading"><h2 id="files-heading">Files</h2><div id="file-tree"></div></nav>' +
    '<section class="studio-editor" aria-labelledby="editor-heading">' +
    '<h2 id="editor-heading">No file open</h2>' +
    '<label for="editor" class="visually-hidden">File text</label>' +
    '<textarea id="editor" spellcheck="false" disabled></textarea>' +
    '<div id="conflict" hidden></div>' +
    '</section></div>' +
    '<section aria-labelledby="problems-heading"><h2 id="problems-heading">Problems</h2>' +
    '<p id="problems-summary" class="muted" role="status">Not checked yet.</p><ul id="problems" class="studio-problems"></ul></section>' +
    '</div>';
  return htmlPage({
    title: 'Studio',
    stylesheet: o.stylesheet,
    scripts: [o.script],
    headerActions:
      '<form method="post" action="/admin/logout" class="logout">' +
      `<span class="muted">${escapeHtml(o.operatorEmail)} (${escapeHtml(o.role)})</span> ` +
      `<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">` +
      '<button type="submit" class="secondary">Log out</button></form>',
    main,
  });
}
