/**
 * Where the build puts the studio's browser code (vite.config.ts's `studio` environment) and what
 * its entry is: a dot folder beside the parents' app, which the app's static server never serves;
 * ./assets.ts serves it under /admin/studio/assets/.
 */
export const STUDIO_DIR = '.studio';
export const STUDIO_ENTRY = 'src/studio/main.ts';
