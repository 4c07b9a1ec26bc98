/**
 * Where a release's compiled files are served (src/server/releases/fileRoutes.ts), the same for every
 * page of a visit: a tab fetches the screens and languages of the release its page named
 * (docs/releases.md). Each address names one release's content and never changes: long cached.
 */

/** Under this path: `/releases/<id>/screens/<screenId>.json`, `/releases/<id>/copy/<locale>.json`. */
export const RELEASES_PATH = '/releases';

/** A screen with the default language's copy it shows beyond the shell's. */
export const releaseScreenPath = (releaseId: number, screenId: string): string =>
  `${RELEASES_PATH}/${releaseId}/screens/${encodeURIComponent(screenId)}.json`;

/** One language's copy, whole. */
export const releaseCopyPath = (releaseId: number, locale: string): string =>
  `${RELEASES_PATH}/${releaseId}/copy/${encodeURIComponent(locale)}.json`;

/** A draft's preview link: `/?preview=<token>`; `?preview=off` leaves the preview (src/server/releases/previews.ts). */
export const PREVIEW_PARAM = 'preview';
export const PREVIEW_OFF = 'off';

/** The header a page's calls and events name their release with: what a visitor did is counted on the release they saw. */
export const RELEASE_HEADER = 'X-Release';
