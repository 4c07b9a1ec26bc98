/**
 * The server renderer's entry: built by `vite build` (vite.config.ts, the `ssr` environment)
 * into DIST_DIR/.ssr/entry.js with the blocks and the runtime the browser's build has; the server
 * (src/server/pages/) imports it and hands it each request's release (its config and copy).
 */
export { renderPage } from './renderPage.tsx';
