import { readPageData } from '../browser/pageData.ts';

/**
 * The build's files by screen, as the server writes them into each page
 * (src/server/pages/appPages.ts): what a server-rendered page's entry fetches for its own screen
 * (./startup/screenCode.ts) and what the fetching ahead reads (./prefetch.ts).
 */
export interface PageAssets {
  /** Screen id → its own chunk and what it imports. */
  files: Record<string, string[]>;
  /** Screen id → its on-demand blocks' chunks (fetched on intent). */
  blocks: Record<string, string[]>;
  /** Screen id → the screens it can lead to. */
  next: Record<string, string[]>;
}

export const PAGE_ASSETS_ID = 'page-assets';

export const readPageAssets = (doc: Document): PageAssets | null => readPageData<PageAssets>(doc, PAGE_ASSETS_ID);
