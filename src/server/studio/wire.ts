/**
 * Where the Studio API answers and the header its writes carry (./routes.ts): shared with the page that
 * calls it (./page/page.ts hands them to studio.js), apart from the routes so the page need not load them.
 */

/** Under /admin, so that the operator's /admin session cookie (Path=/admin outside production) reaches it. */
export const STUDIO_API_PREFIX = '/admin/studio/api';
/** Every write carries the session's CSRF token in this header (GET {prefix}/session answers it). */
export const CSRF_HEADER = 'x-csrf-token';
