import { readPageData } from '../../browser/pageData.ts';
import type { CompiledConfig, CompiledCopy, CompiledScreenModule } from '../../compiler/compiled.ts';
import { releaseCopyPath, releaseScreenPath } from '../../contract/releases.ts';

/**
 * The release a page runs, written into it by the server (src/server/pages/appPages.ts) or, in
 * `npm run dev`, by the Vite plugin: its id, the compiled config, the default language's copy the
 * shell needs and the screens the page carries (a server-rendered one: no fetch before hydrating).
 * Every other screen and language of the visit is fetched from this release's addresses
 * (src/contract/releases.ts): a tab stays on the release it started on until its next full load.
 */
export interface PageRelease {
  id: number;
  config: CompiledConfig;
  shellCopy: CompiledCopy;
  screens: Record<string, CompiledScreenModule>;
  /** Present on a page served from a draft's preview link (src/server/releases/previews.ts): its banner names the draft. */
  preview?: true;
}

export const PAGE_RELEASE_ID = 'page-release';

export function readPageRelease(doc: Document): PageRelease {
  const release = readPageData<PageRelease>(doc, PAGE_RELEASE_ID);
  if (!release) throw new Error(`The page has no release (<script id="${PAGE_RELEASE_ID}">): it was not served by the app's server.`);
  return release;
}

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** A missing file is an error; a failed request is tried once more (a phone between networks). */
async function fetchJson<T>(fetchFn: Fetch, url: string): Promise<T> {
  const answer = await fetchFn(url).catch(() => fetchFn(url));
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}.`);
  return (await answer.json()) as T;
}

/** `loadScreen` and `loadCopy` of the runtime (src/runtime/start.tsx), on the page's release only. */
export function releaseLoaders(release: PageRelease, fetchFn: Fetch = (url) => fetch(url)) {
  const defaultLocale = release.config.app.defaultLocale;
  return {
    loadScreen(screenId: string): Promise<CompiledScreenModule> {
      const carried = Object.hasOwn(release.screens, screenId) ? release.screens[screenId] : undefined;
      if (carried) return Promise.resolve(carried);
      return fetchJson(fetchFn, releaseScreenPath(release.id, screenId));
    },
    loadCopy(locale: string): Promise<CompiledCopy> {
      if (locale === defaultLocale) return Promise.resolve(release.shellCopy);
      return fetchJson(fetchFn, releaseCopyPath(release.id, locale));
    },
  };
}
