/** The `/admin` pages' shell: plain server-rendered HTML, own stylesheet, no inline script or style (the CSP forbids both). */

import { escapeHtml } from '../../domain/html.ts';

export interface PageParts {
  title: string;
  /** The stylesheet's address (assets.ts). */
  stylesheet: string;
  /** The header's right side (the logout form), HTML. */
  headerActions?: string;
  /** The `<main>` content, HTML. */
  main: string;
  /** Script addresses, loaded with `defer` after the document. */
  scripts?: string[];
  /** ES module addresses (deferred too), and further stylesheets. */
  modules?: string[];
  stylesheets?: string[];
}

export function htmlPage(parts: PageParts): string {
  const scripts =
    (parts.stylesheets ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('') +
    (parts.scripts ?? []).map((src) => `<script defer src="${escapeHtml(src)}"></script>`).join('') +
    (parts.modules ?? []).map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(parts.title)} · Codeling operators</title>` +
    `<link rel="stylesheet" href="${escapeHtml(parts.stylesheet)}">${scripts}</head>` +
    '<body><a class="skip-link" href="#main">Skip to the content</a>' +
    `<header class="site-header"><p class="brand">Codeling operators</p>${parts.headerActions ?? ''}</header>` +
    `<main id="main" tabindex="-1">${parts.main}</main></body></html>`
  );
}
