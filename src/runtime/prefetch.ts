import { readPageData } from '../browser/pageData.ts';

/**
 * Fetching ahead, by the funnel graph: once a screen shows and the browser is idle, the files
 * of the screens it can lead to (src/config/map/next.ts) go into the HTTP cache as
 * `<link rel="prefetch">`: fetched, not evaluated, so the next screen opens without a wait and
 * the current one pays nothing. Never on Save-Data or a 2g connection, and never the whole app.
 * The server writes the map into each page (src/server/pages/appPages.ts); without it (`npm run
 * dev`), nothing is fetched ahead.
 */
export interface PageAssets {
  /** Screen id → its own files (its chunk, its on-demand blocks'). */
  files: Record<string, string[]>;
  /** Screen id → the screens it can lead to. */
  next: Record<string, string[]>;
}

export const PAGE_ASSETS_ID = 'page-assets';

export const readPageAssets = (doc: Document): PageAssets | null => readPageData<PageAssets>(doc, PAGE_ASSETS_ID);

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** Save-Data, or a 2g (or slower) connection: nothing is fetched that the parent did not ask for. */
export const savingData = (connection: Connection | undefined): boolean =>
  connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? '');

/** The files the screens `screenId` leads to need, less those already on the page or fetched. */
export function filesAhead(assets: PageAssets, screenId: string, present: (file: string) => boolean): string[] {
  const files = new Set<string>();
  for (const next of assets.next[screenId] ?? []) for (const file of assets.files[next] ?? []) if (!present(file)) files.add(file);
  return [...files];
}

export function prefetchAhead(assets: PageAssets, screenId: string, doc: Document, connection: Connection | undefined): void {
  if (savingData(connection)) return;
  const present = (file: string) => doc.querySelector(`link[href="${CSS.escape(file)}"], script[src="${CSS.escape(file)}"]`) !== null;
  for (const file of filesAhead(assets, screenId, present)) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    link.crossOrigin = '';
    doc.head.appendChild(link);
  }
}
