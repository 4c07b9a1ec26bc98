import type { CompiledProject } from '../compiler/compile.ts';
import type { CompiledCopy, CompiledScreenModule } from '../compiler/compiled.ts';

/**
 * `npm run dev`: what a save of a funnel or copy file changed that a running page can take
 * without loading again. The Vite plugin (src/vitePlugin/plugin.ts) sends it as the custom HMR
 * event CONFIG_UPDATE_EVENT; src/runtime/hotConfig.ts applies it.
 */
export const CONFIG_UPDATE_EVENT = 'funnel-config:update';

/** The plugin's name, as Vite's error overlay shows it (`[plugin:funnel-config]`). */
export const CONFIG_PLUGIN_NAME = 'funnel-config';

export interface ConfigUpdate {
  /** The screens whose config changed, each with the default-locale copy it shows (as in its module). */
  screens: Record<string, CompiledScreenModule>;
  /** Locale → the copy namespaces whose texts changed, each whole. */
  copy: Record<string, CompiledCopy>;
}

/** Equal as data; the compiled parts of unchanged files are mostly the same objects, equal at once. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The update that takes a page from `before` to `after`, or undefined when the page must load
 * again: the app shell, the routes, the flags or the locales changed (the page is built on them).
 */
export function configUpdate(before: CompiledProject, after: CompiledProject): ConfigUpdate | undefined {
  if (before.defaultLocale !== after.defaultLocale || !same(before.config, after.config)) return undefined;
  const update: ConfigUpdate = { screens: {}, copy: {} };
  for (const [id, screen] of Object.entries(after.screens))
    if (!same(before.screens[id], screen)) update.screens[id] = { screen, copy: after.screenCopy[id] ?? {} };
  for (const [locale, namespaces] of Object.entries(after.copy)) {
    const changed = Object.entries(namespaces).filter(([namespace, texts]) => !same(before.copy[locale]?.[namespace], texts));
    if (changed.length > 0) update.copy[locale] = Object.fromEntries(changed);
  }
  return update;
}
