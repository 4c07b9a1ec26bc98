import { resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { type CheckResult, type CompiledProject, checkAndCompile, createCheckCache } from '../compiler/compile.ts';
import type { BlockRegistry } from '../compiler/configSchemas.ts';
import { isError } from '../compiler/diagnostic.ts';
import type { ConfigFile } from '../compiler/load.ts';
import { formatLocated, formatReport, locateDiagnostic, summaryLine } from '../compiler/report.ts';
import { RELEASES_PATH } from '../contract/releases.ts';
import { SCREEN_INDEX_PATH, screenIndexErrorHtml, screenIndexHtml } from '../generators/map/screenIndex.ts';
import { mapSource } from '../generators/map/source.ts';
import { defaultPageHead, withPageHead } from '../generators/pages/pageHead.ts';
import { PAGE_RELEASE_ID, type PageRelease } from '../runtime/startup/release.ts';
import { checkoutReleaseId } from '../server/releases/checkoutSource.ts';
import { hashFiles, readCheckoutFiles } from '../server/releases/files.ts';
import { scriptJson } from '../ssr/pageState.ts';
import { CONFIG_PLUGIN_NAME, CONFIG_UPDATE_EVENT, configUpdate } from './hotUpdate.ts';

/**
 * `npm run dev`: the checkout's funnels and copy served to the app as the server serves a release
 * (src/server/releases/, src/runtime/startup/release.ts), compiled again at every save:
 *
 * - every page (index.html) carries the release: its id, config and the shell's copy, and
 *   app.yaml's `head:` texts;
 * - `/releases/<id>/screens/<screenId>.json` and `/releases/<id>/copy/<locale>.json` answer the
 *   last valid config's (src/contract/releases.ts), never cached;
 * - a save that leaves the config valid reaches open pages in place when it changed only screens
 *   and copy (src/vitePlugin/hotUpdate.ts, applied by src/runtime/hotConfig.ts, which also closes
 *   the overlay); otherwise they load again. A check error goes to the browser's error overlay
 *   with the same report as `npm run check`;
 * - SCREEN_INDEX_PATH lists every screen (src/generators/map/screenIndex.ts).
 *
 * `vite build` reads no funnel: the bundle holds the runtime and the blocks, the server serves
 * the releases.
 */
export interface FunnelConfigPluginOptions {
  /** Relative to the Vite root, or absolute. */
  funnelsDir: string;
  copyDir: string;
  /** Every block type (src/blocks/registry.ts), which the compiler is handed. */
  blocks: BlockRegistry;
}

export function funnelConfigPlugin(options: FunnelConfigPluginOptions): Plugin {
  let root = process.cwd();
  let result: CheckResult | undefined;
  /** The config open pages run: the last valid one, and its release id. */
  let served: { compiled: CompiledProject; id: number } | undefined;
  /** A page loaded while the config had errors: it has no config to update. */
  let pageMissedConfig = false;
  const dirs = () => [resolve(root, options.funnelsDir), resolve(root, options.copyDir)];
  // The config is checked again at every save: what did not change is not read again.
  const cache = createCheckCache();
  const run = () => {
    result = checkAndCompile({ root, funnelsDir: options.funnelsDir, copyDir: options.copyDir, blocks: options.blocks, cache });
    return result;
  };
  const releaseIdNow = () => checkoutReleaseId(hashFiles(readCheckoutFiles({ funnelsDir: dirs()[0]!, copyDir: dirs()[1]! })));
  /** The last valid config, checked now if never yet. */
  const current = () => {
    if (!served) {
      const checked = result ?? run();
      if (checked.compiled) served = { compiled: checked.compiled, id: releaseIdNow() };
    }
    return served;
  };
  const isConfigFile = (file: string) => /\.ya?ml$/.test(file) && dirs().some((dir) => resolve(file).startsWith(dir + sep));

  return {
    name: CONFIG_PLUGIN_NAME,
    apply: 'serve',

    configResolved(config) {
      root = config.root;
    },

    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?', 1)[0]!;
        // The screen index.
        if (pathname === SCREEN_INDEX_PATH) {
          const checked = result ?? run();
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(
            checked.compiled
              ? screenIndexHtml(mapSource(checked.compiled, checked.files, checked.schemas))
              : screenIndexErrorHtml(formatReport(checked.diagnostics, checked.files)),
          );
          return;
        }
        // The release's screens and languages: the last valid config's, whichever id the page names.
        const file = RELEASE_FILE.exec(pathname);
        if (!file) return next();
        const compiled = current()?.compiled;
        const name = decodeURIComponent(file[2]!);
        const body =
          file[1] === 'screens'
            ? compiled && Object.hasOwn(compiled.screens, name)
              ? { screen: compiled.screens[name], copy: compiled.screenCopy[name] ?? {} }
              : undefined
            : compiled && Object.hasOwn(compiled.copy, name)
              ? compiled.copy[name]
              : undefined;
        res.setHeader('Cache-Control', 'no-store');
        if (body === undefined) {
          res.statusCode = 404;
          res.end(`Not found: ${pathname}`);
          return;
        }
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(body));
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

    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const checked = result ?? run();
        const release = current();
        if (!checked.compiled || !release) {
          // No config to run: Vite answers its error page, the overlay saying why; the fix loads the page again.
          pageMissedConfig = true;
          throw overlayError(checked, root);
        }
        const { compiled, id } = release;
        const page: PageRelease = { id, config: compiled.config, shellCopy: compiled.shellCopy, screens: {} };
        return withPageHead(html, defaultPageHead(compiled)).replace(
          '<div id="root"></div>',
          () => `<div id="root"></div><script type="application/json" id="${PAGE_RELEASE_ID}">${scriptJson(page)}</script>`,
        );
      },
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
    if (checked.compiled) {
      // The catalog is the backend's (plans, prices): pages ask for it again.
      const catalogChanged = checked.files.some((f) => (f as ConfigFile).kind === 'catalog' && files.includes(f.absPath));
      const update = served && !pageMissedConfig && !catalogChanged ? configUpdate(served.compiled, checked.compiled) : undefined;
      // A screen or language a page fetches from now on is the new config's.
      served = { compiled: checked.compiled, id: releaseIdNow() };
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
    server.config.logger.error(formatReport(checked.diagnostics, checked.files), { timestamp: true });
    sendOverlay(server, overlayError(checked, root));
  }
}

/** `/releases/<id>/screens/<screenId>.json`, `/releases/<id>/copy/<locale>.json` (src/contract/releases.ts). */
const RELEASE_FILE = new RegExp(`^${RELEASES_PATH}/[0-9]+/(screens|copy)/([^/]+)\\.json$`);

function sendOverlay(server: ViteDevServer, err: ReturnType<typeof overlayError>) {
  server.ws.send({
    type: 'error',
    err: { message: err.message, stack: '', id: err.id, loc: err.loc, frame: err.frame, plugin: CONFIG_PLUGIN_NAME },
  });
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
