/**
 * Fetching ahead, by the funnel graph: once a screen shows and the browser is idle, the chunks
 * of the screens it can lead to (src/generators/map/next.ts) go into the HTTP cache as
 * `<link rel="prefetch">`: fetched, not evaluated, so the next screen opens without a wait and
 * the current one pays nothing. Their blocks' code (the form's, the payment form's: the larger
 * part) follows when the parent shows the intent of going there: a pointer over a link to the
 * screen, a touch, or the keyboard's focus. Never on Save-Data or a 2g connection, and never the
 * whole app. The server writes the map into each page (src/server/pages/appPages.ts); without it
 * (`npm run dev`), nothing is fetched ahead.
 */
import type { PageAssets } from './pageAssets.ts';

export { readPageAssets } from './pageAssets.ts';

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** Save-Data, or a 2g (or slower) connection: nothing is fetched that the parent did not ask for. */
export const savingData = (connection: Connection | undefined): boolean =>
  connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? '');

/** The chunks of the screens `screenId` leads to, each once. */
export function filesAhead(assets: PageAssets, screenId: string): string[] {
  return [...new Set((assets.next[screenId] ?? []).flatMap((next) => assets.files[next] ?? []))];
}

function prefetch(files: readonly string[], doc: Document): void {
  for (const file of files) {
    if (doc.querySelector(`link[href="${CSS.escape(file)}"], script[src="${CSS.escape(file)}"]`) !== null) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    link.crossOrigin = '';
    doc.head.appendChild(link);
  }
}

/** The chunks of the screens `screenId` leads to. */
export function prefetchAhead(assets: PageAssets, screenId: string, doc: Document, connection: Connection | undefined): void {
  if (!savingData(connection)) prefetch(filesAhead(assets, screenId), doc);
}

/** Everything a screen the parent is about to open needs: its chunks and its blocks'. */
export function prefetchScreen(assets: PageAssets, screenId: string, doc: Document, connection: Connection | undefined): void {
  if (!savingData(connection)) prefetch([...(assets.files[screenId] ?? []), ...(assets.blocks[screenId] ?? [])], doc);
}

/**
 * A pointer over a link of the app, a touch on it or the keyboard's focus: the screen it opens
 * is fetched whole (`fetchScreen`, once per screen) while the parent is still deciding.
 */
export function prefetchOnIntent(doc: Document, screenAt: (path: string) => string | undefined, fetchScreen: (id: string) => void): void {
  const fetched = new Set<string>();
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link) return;
    const url = new URL(link.href, doc.baseURI);
    if (url.origin !== doc.location.origin) return;
    const id = screenAt(url.pathname);
    if (id === undefined || fetched.has(id)) return;
    fetched.add(id);
    fetchScreen(id);
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) doc.addEventListener(type, onIntent, { passive: true, capture: true });
}
