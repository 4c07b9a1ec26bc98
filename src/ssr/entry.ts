/**
 * The server renderer's entry: built by `vite build` (vite.config.ts, the `ssr` environment)
 * into DIST_DIR/.ssr/entry.js, with the same funnel config the browser's build has; the server
 * (src/server/pages/) imports it.
 */
import { config, defaultCopy, loadCopy, loadScreen } from 'virtual:funnel-config';
import head from 'virtual:funnel-config/head';
import { type PageRequest, type RenderedPage, renderPage } from './renderPage.tsx';

export const render = (request: PageRequest): Promise<RenderedPage> =>
  renderPage({ config, head, defaultCopy, loadScreen, loadCopy }, request);
