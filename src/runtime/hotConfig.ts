import { CONFIG_PLUGIN_NAME, CONFIG_UPDATE_EVENT, type ConfigUpdate } from '../vitePlugin/hotUpdate.ts';
import type { Copy } from './copy.ts';
import type { Screens } from './runtime.ts';

/**
 * `npm run dev` only (start.tsx calls it under `import.meta.hot`, so a build leaves it out): the
 * page takes the funnel config a save produced (src/vitePlugin/hotUpdate.ts) without loading again.
 * A screen's copy joins first, then the new texts, then the screens: every component that shows
 * copy re-renders, and the screen on show keeps its visit, its form's typed values and client
 * state. Once the config is valid again, the overlay of its errors closes.
 */
export function acceptConfigUpdates(
  hot: { on(event: string, listener: (data: ConfigUpdate) => void): void },
  copy: Copy,
  screens: Screens,
) {
  hot.on(CONFIG_UPDATE_EVENT, (update) => {
    applyConfigUpdate(update, copy, screens);
    closeConfigErrorOverlay();
  });
}

/** The update shown in place (also the studio's live preview: ./studioPreview.ts). */
export function applyConfigUpdate(update: ConfigUpdate, copy: Copy, screens: Screens) {
  for (const module of Object.values(update.screens)) copy.add(module.copy);
  for (const [locale, namespaces] of Object.entries(update.copy)) copy.replace(locale, namespaces);
  for (const module of Object.values(update.screens)) screens.replace(module.screen);
}

/** Vite's client closes its overlay on a module update only, and this is a custom event. */
function closeConfigErrorOverlay() {
  for (const overlay of document.querySelectorAll<HTMLElement & { close(): void }>('vite-error-overlay'))
    if (overlay.shadowRoot?.querySelector('.plugin')?.textContent?.includes(`plugin:${CONFIG_PLUGIN_NAME}`)) overlay.close();
}
