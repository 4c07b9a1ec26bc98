/**
 * The built browser app: files from Vite's outDir, with
 * - long-lived caching of the hashed files under /assets/ (their name changes with their content),
 * - `no-cache` for index.html and the other unhashed files (revalidated on every visit),
 * - history fallback: a GET that accepts HTML, is not under /api/ and does not name a file
 *   gets the app's page (src/server/pages/appPages.ts), so that the app's router decides what
 *   /login or /dont-go/1 shows.
 */
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX } from '../contract/wire.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function staticOptions(distDir: string): FastifyStaticOptions {
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  return {
    root: distDir,
    cacheControl: false,
    // '/' is a page of the app like any other (src/server/pages/appPages.ts), not index.html as it was built.
    index: false,
    // Vite's manifest (.vite/manifest.json) and other dotfiles are build facts, not content.
    dotfiles: 'ignore',
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  };
}

export const isApiPath = (pathname: string) => pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);

/** A browser asking for a page of the app (not a file, not the API). */
export function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0]!;
  if (isApiPath(pathname)) return false;
  // A last segment with a dot names a file (/assets/x.js, /favicon.ico): a missing file is a 404.
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}
