/** The ids of the modules the funnel-config plugin serves (src/vitePlugin/plugin.ts). */
export const MAIN_ID = 'virtual:funnel-config';
/** `virtual:funnel-config/screen/<id>`: one module (one chunk) per screen. */
export const SCREEN_PREFIX = `${MAIN_ID}/screen/`;
/** `virtual:funnel-config/copy/<locale>`: one module per non-default locale. */
export const COPY_PREFIX = `${MAIN_ID}/copy/`;
/** `virtual:funnel-config/head`: app.yaml's `head:` (the server renderer's; the browser's HTML has it already). */
export const HEAD_ID = `${MAIN_ID}/head`;
