import { readPageAssets } from '../pageAssets.ts';

/**
 * A server-rendered page's own code (its screen's chunk and its blocks', with what they import), asked for by the
 * entry as soon as it runs, all at once: the page's head names only the entry and what the entry imports, so that
 * nothing but the HTML and the stylesheet is fetched before the first paint (docs/performance.md, "As it stands").
 * A page the browser renders itself preloads these files in its head (src/server/pages/appPages.ts).
 */
export function fetchScreenCode(doc: Document, screenId: string): void {
  const assets = readPageAssets(doc);
  for (const href of [...(assets?.files[screenId] ?? []), ...(assets?.blocks[screenId] ?? [])]) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
