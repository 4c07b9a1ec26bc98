import type { ResolvedFlags } from '../adapters/flags/flags.ts';
import { readPageData } from '../browser/pageData.ts';
import type { ClientState } from '../domain/clientState.ts';

/**
 * What a server-rendered page was rendered with, written into it as JSON
 * (`<script type="application/json" id="page-state">`): the browser hydrates the HTML only
 * when its own view of the visitor is the same (src/runtime/start.tsx), with the same flags
 * and the data the server answered.
 */
export interface PageState {
  path: string;
  search: string;
  locale: string;
  /** Rendered for a robot (a headless browser, by its User-Agent): every flag at its default. */
  robot: boolean;
  /** What the experiments' audiences read (src/experiments/audience.ts): the browser takes the flags only when it reads the same. */
  audience: Record<string, unknown>;
  flags: ResolvedFlags;
  mobile: boolean;
  clientState: ClientState;
  /** The data layer's answers the render read, by key (src/runtime/data/cache.ts): the browser's cache starts with them. */
  data: Record<string, unknown>;
}

export const PAGE_STATE_ID = 'page-state';

/** The page's state, when the server rendered it. */
export const readPageState = (doc: Document): PageState | null => readPageData<PageState>(doc, PAGE_STATE_ID);

/** JSON safe inside a <script> element (no `</script>`, no `<!--`). */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
