import { resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { type CheckResult, type CompiledProject, checkAndCompile, createCheckCache } from '../compiler/compile.ts';
import type { BlockRegistry } from '../compiler/configSchemas.ts';
import { isError } from '../compiler/diagnostic.ts';
import type { ConfigFile } from '../compiler/load.ts';
import { formatLocated, formatReport, locateDiagnostic, summaryLine } from '../compiler/report.ts';
import { escapeHtml } from '../domain/html.ts';
import { SCREEN_INDEX_PATH, screenIndexErrorHtml, screenIndexHtml } from '../generators/map/screenIndex.ts';
import { mapSource } from '../generators/map/source.ts';
import { FUNNEL_PAGES_FILE, funnelPages } from '../generators/pages/funnelPages.ts';
import { createCopy } from '../runtime/copy.ts';
import { CONFIG_PLUGIN_NAME, CONFIG_UPDATE_EVENT, configUpdate } from './hotUpdate.ts';
import { COPY_PREFIX, HEAD_ID, MAIN_ID, SCREEN_PREFIX } from './virtualIds.ts';

/**
 * Serves the checked funnel config to the app as modules, compiled at build time:
 *
 * - `virtual:funnel-config`: `config`, `defaultCopy` (the default locale's copy the app shell
 *   needs), `loadScreen(id)`, `loadCopy(locale)`;
 * - `virtual:funnel-config/screen/<id>`: one module (one chunk) per screen, with the default
 *   locale's copy that screen shows beyond the shell's (src/compiler/copySplit.ts);
 * - `virtual:funnel-config/copy/<locale>`: one module per non-default locale, whole;
 * - `virtual:funnel-config/head`: app.yaml's `head:`, for the server renderer only.
 *
 * The modules hold only JSON data and `import()` calls: neither the YAML parser nor zod
 * reaches the browser. A check error fails `vite build` with the same report as
 * `npm run check`; in dev the report goes to the browser's error overlay. In dev, a save that
 * leaves the config valid reaches open pages in place when it changed only screens and copy
 * (src/vitePlugin/hotUpdate.ts, applied by src/runtime/hotConfig.ts, which also closes the overlay);
 * otherwise they load again. SCREEN_INDEX_PATH lists every screen (src/generators/map/screenIndex.ts).
 * A build also writes FUNNEL_PAGES_FILE (src/generators/pages/funnelPages.ts) for the server.
 */
export interface FunnelConfigPluginOptions {
  /** Relative to the Vite root, or absolute. */
  funnelsDir: string;
  copyDir: string;
  /** Every block type (src/blocks/registry.ts), which the compiler is handed. */
  blocks: BlockRegistry;
}

const RESOLVED_PREFIX = `\0${MAIN_ID}`;

export function funnelConfigPlugin(options: FunnelConfigPluginOptions): Plugin {
  let root = process.cwd();
  let command: 'build' | 'serve' = 'build';
  let result: CheckResult | undefined;
  /** The config open pages run: the last valid one (dev). */
  let served: CompiledProject | undefined;
  /** A page asked for a module while the config had errors: it has no config to update. */
  let pageMissedConfig = false;
  const dirs = () => [resolve(root, options.funnelsDir), resolve(root, options.copyDir)];
  // In dev the config is checked again at every save: what did not change is not read again.
  const cache = createCheckCache();
  const run = () =>
    (result = checkAndCompile({ root, funnelsDir: options.funnelsDir, copyDir: options.copyDir, blocks: options.blocks, cache }));
  const isConfigFile = (file: string) => /\.ya?ml$/.test(file) && dirs().some((dir) => resolve(file).startsWith(dir + sep));

  return {
    name: CONFIG_PLUGIN_NAME,
    enforce: 'pre',

    configResolved(config) {
      root = config.root;
      command = config.command;
    },

    buildStart() {
      const checked = run();
      for (const file of checked.files) this.addWatchFile(file.absPath);
      if (command === 'serve') return; // dev: errors go to the overlay (see configureServer and load)
      if (checked.diagnostics.some(isError))
        this.error(`The funnel config has errors:\n\n${formatReport(checked.diagnostics, checked.files)}`);
      if (checked.diagnostics.length > 0) this.warn(formatReport(checked.diagnostics, checked.files));
    },

    resolveId(id) {
      if (id === MAIN_ID || id === HEAD_ID || id.startsWith(SCREEN_PREFIX) || id.startsWith(COPY_PREFIX)) return `\0${id}`;
      return undefined;
    },

    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const checked = result ?? run();
      if (!checked.compiled) {
        pageMissedConfig = true;
        throw overlayError(checked, root);
      }
      served ??= checked.compiled;
      const compiled = checked.compiled;
      const virtualId = id.slice(1);
      if (virtualId === MAIN_ID) return mainModule(compiled);
      if (virtualId === HEAD_ID) return `export default ${JSON.stringify(compiled.head)};\n`;
      if (virtualId.startsWith(SCREEN_PREFIX)) {
        const screenId = virtualId.slice(SCREEN_PREFIX.length);
        const screen = compiled.screens[screenId];
        if (!screen) throw new Error(`No screen '${screenId}' in the funnel config.`);
        return (
          `export const screen = ${JSON.stringify(screen)};\n` +
          `export const copy = ${JSON.stringify(compiled.screenCopy[screenId] ?? {})};\n`
        );
      }
      if (virtualId.startsWith(COPY_PREFIX)) {
        const copy = compiled.copy[virtualId.slice(COPY_PREFIX.length)];
        if (!copy) throw new Error(`No copy for locale '${virtualId.slice(COPY_PREFIX.length)}'.`);
        return `export default ${JSON.stringify(copy)};\n`;
      }
      throw new Error(`Unknown module ${virtualId}.`);
    },

    configureServer(server) {
      // The screen index (dev only: a build has no server, and nothing of the client imports it).
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?', 1)[0] !== SCREEN_INDEX_PATH) return next();
        const checked = result ?? run();
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(
          checked.compiled
            ? screenIndexHtml(mapSource(checked.compiled, checked.files, checked.schemas))
            : screenIndexErrorHtml(formatReport(checked.diagnostics, checked.files)),
        );
      });
      server.httpServer?.once('listening', () =>
        setTimeout(() => {
          const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
          server.config.logger.info(`  ➜  Screens: ${base}${SCREEN_INDEX_PATH} (every screen, with variant links)`);
          // The checker's first runs are slow (the JIT has not compiled it yet): one more now, so the first save is not one
          // of them. Without the cache, which would skip most of the work.
          checkAndCompile({ root, funnelsDir: options.funnelsDir, copyDir: options.copyDir, blocks: options.blocks });
        }, 0),
      );
      server.watcher.add(dirs());
      let timer: ReturnType<typeof setTimeout> | undefined;
      const changed = new Set<string>();
      const onFile = (file: string) => {
        if (!isConfigFile(file)) return;
        changed.add(resolve(file));
        // Editors often write a file in several steps, and "save all" writes several: check once they are done.
        clearTimeout(timer);
        timer = setTimeout(() => {
          const files = [...changed];
          changed.clear();
          refresh(server, files);
        }, 10);
      };
      server.watcher.on('add', onFile);
      server.watcher.on('change', onFile);
      server.watcher.on('unlink', onFile);
    },

    transformIndexHtml(html) {
      const compiled = (result ?? run()).compiled;
      return compiled ? withHeadTags(html, compiled) : html;
    },

    generateBundle() {
      // The browser build only: what the server needs to preload a screen's chunks and the browser to fetch the next ones.
      if (this.environment.name !== 'client' || !result?.compiled) return;
      this.emitFile({
        type: 'asset',
        fileName: FUNNEL_PAGES_FILE,
        source: JSON.stringify(funnelPages(result.compiled, result.files, result.schemas)),
      });
    },

    hotUpdate({ file }) {
      // Handled by the watcher above (it also runs without HMR: the screen index): in place, a reload, or the overlay.
      if (isConfigFile(file)) return [];
      return undefined;
    },
  };

  /** After a save (`files`): open pages take the new config in place, or load again, or show its errors. */
  function refresh(server: ViteDevServer, files: string[]) {
    const checked = run();
    // A module a page has not imported yet is served from the new config.
    for (const environment of Object.values(server.environments)) {
      const graph = environment.moduleGraph;
      for (const [id, module] of graph.idToModuleMap) if (id.startsWith(RESOLVED_PREFIX)) graph.invalidateModule(module);
    }
    if (checked.compiled) {
      // The catalog is the backend's (plans, prices): pages ask for it again.
      const catalogChanged = checked.files.some((f) => (f as ConfigFile).kind === 'catalog' && files.includes(f.absPath));
      const update = served && !pageMissedConfig && !catalogChanged ? configUpdate(served, checked.compiled) : undefined;
      served = checked.compiled;
      pageMissedConfig = false;
      if (update) {
        const screens = Object.keys(update.screens).length;
        const copyFiles = Object.values(update.copy).flatMap(Object.keys).length;
        server.config.logger.info(`funnel config: valid, updated in place (${screens} screen(s), ${copyFiles} copy file(s))`, {
          timestamp: true,
        });
        server.ws.send({ type: 'custom', event: CONFIG_UPDATE_EVENT, data: update });
        return;
      }
      server.config.logger.info('funnel config: valid, reloading the page', { timestamp: true });
      server.ws.send({ type: 'full-reload' });
      return;
    }
    const err = overlayError(checked, root);
    server.config.logger.error(formatReport(checked.diagnostics, checked.files), { timestamp: true });
    server.ws.send({
      type: 'error',
      err: { message: err.message, stack: '', id: err.id, loc: err.loc, frame: err.frame, plugin: CONFIG_PLUGIN_NAME },
    });
  }
}

/**
 * The error the overlay shows: every error as `npm run check` prints it (file:line:col, code,
 * message, code frame and the page of its code), and no stack trace (nothing in it is the
 * reader's to fix). `id` and `loc` are the first error's, for the overlay's link to the editor.
 */
function overlayError(checked: CheckResult, root: string) {
  const byPath = new Map(checked.files.map((f) => [f.relPath, f]));
  const errors = checked.diagnostics.filter(isError).map((d) => locateDiagnostic(d, byPath.get(d.file)));
  const first = errors[0]!;
  const blocks = errors.map((l) => formatLocated(l, byPath, { codes: true }));
  const message = `The funnel config has errors:\n\n${blocks.join('\n\n')}\n\n${summaryLine(checked.diagnostics, checked.files.length)}`;
  const id = resolve(root, first.diagnostic.file);
  const loc = first.position ? { file: id, line: first.position.line, column: first.position.column } : undefined;
  const err = Object.assign(new Error(message), { id, frame: '', plugin: CONFIG_PLUGIN_NAME, ...(loc ? { loc } : {}) });
  err.stack = '';
  return err;
}

/**
 * app.yaml's `head:` in index.html: the theme colour, the icon and the description (in the
 * default language; the server writes each page's in the visitor's), and `<html lang>`.
 */
function withHeadTags(html: string, compiled: CompiledProject): string {
  const { head, defaultLocale } = compiled;
  // The texts as the app reads them (i18next: `$t(common:productName)` nested).
  const text = createCopy(defaultLocale, compiled.copy[defaultLocale] ?? {}, async () => ({})).t.get();
  const tags = head
    ? [
        `<meta name="description" content="${escapeHtml(text(head.description))}" />`,
        `<meta name="theme-color" content="${escapeHtml(head.themeColor)}" />`,
        `<link rel="icon" href="${escapeHtml(head.icon)}"${head.icon.endsWith('.svg') ? ' type="image/svg+xml"' : ''} />`,
      ]
    : [];
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(defaultLocale)}">`)
    .replace('<title></title>', () => `${tags.join('\n    ')}\n    <title>${escapeHtml(text(compiled.config.app.productName))}</title>`);
}

/** The main module: config and the shell's copy inline, screens (with their copy) and other locales lazily. */
function mainModule(compiled: CompiledProject): string {
  const screenLoaders = Object.keys(compiled.screens)
    .map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(SCREEN_PREFIX + id)}),`)
    .join('\n');
  const copyLoaders = Object.keys(compiled.copy)
    .filter((locale) => locale !== compiled.defaultLocale)
    .map((locale) => `  ${JSON.stringify(locale)}: () => import(${JSON.stringify(COPY_PREFIX + locale)}),`)
    .join('\n');
  return `export const config = ${JSON.stringify(compiled.config)};
export const defaultCopy = ${JSON.stringify(compiled.shellCopy)};
const defaultLocale = ${JSON.stringify(compiled.defaultLocale)};
const screens = {
${screenLoaders}
};
const copies = {
${copyLoaders}
};
export function loadScreen(screenId) {
  const load = Object.hasOwn(screens, screenId) ? screens[screenId] : undefined;
  if (!load) return Promise.reject(new Error("No screen '" + screenId + "' in the funnel config."));
  return load().then((module) => ({ screen: module.screen, copy: module.copy }));
}
export function loadCopy(locale) {
  if (locale === defaultLocale) return Promise.resolve(defaultCopy);
  const load = Object.hasOwn(copies, locale) ? copies[locale] : undefined;
  if (!load) return Promise.reject(new Error("No copy for locale '" + locale + "'."));
  return load().then((module) => module.default);
}
`;
}
