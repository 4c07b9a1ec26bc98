import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { blocks } from './src/blocks/registry.ts';
import { backendInDevServer } from './src/server/devBackend.ts';
import { STUDIO_DIR, STUDIO_ENTRY } from './src/server/studio/page/build.ts';
import { blockCodePlugin } from './src/vitePlugin/blockCode.ts';
import { funnelConfigPlugin } from './src/vitePlugin/plugin.ts';

const outDir = process.env.DIST_DIR ?? 'dist/client';

/**
 * One config for `npm run dev` (hot reload of funnels/ and copy/, backend mounted in the dev
 * server) and `npm run build`: the browser app into DIST_DIR (default dist/client, with a
 * manifest the server and `npm run bench` read), then the server renderer (src/ssr/entry.ts)
 * into its `.ssr/` folder, which the static server never serves. A build holds no funnel config:
 * the server serves it as releases (src/server/releases/). FUNNELS_DIR and COPY_DIR point
 * `npm run dev` at other configs.
 */
/**
 * `vite build --outDir X` (scripts/lib/build.ts) puts the server renderer in X/.ssr and the studio
 * in X/.studio: dot folders, which the app's static server never serves (src/server/static.ts).
 */
function serverRendererAndStudioBesideTheApp(): Plugin {
  let appDir = outDir;
  return {
    name: 'server-renderer-and-studio-beside-the-app',
    config(config) {
      appDir = config.build?.outDir ?? outDir;
    },
    configEnvironment(name, _config, env) {
      if (env.command !== 'build') return undefined;
      if (name === 'ssr') return { build: { outDir: path.join(appDir, '.ssr') } };
      if (name === 'studio') return { build: { outDir: path.join(appDir, STUDIO_DIR) } };
      return undefined;
    },
  };
}

export default defineConfig({
  root: '.',
  plugins: [
    funnelConfigPlugin({ funnelsDir: process.env.FUNNELS_DIR ?? 'funnels', copyDir: process.env.COPY_DIR ?? 'copy', blocks }),
    blockCodePlugin(blocks),
    backendInDevServer(),
    serverRendererAndStudioBesideTheApp(),
  ],
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // One stylesheet for every screen (a few KB): a server-rendered page needs no second
    // render-blocking request for its blocks' styles, and nothing shifts when a block's code arrives.
    cssCodeSplit: false,
    // No preloading helper around each import(): the server's page preloads the first screen's
    // chunks and the runtime fetches ahead those of the screens it leads to (src/runtime/prefetch.ts).
    modulePreload: false,
  },
  environments: {
    ssr: {
      // Self-contained, so that a build in any folder runs (tests build into temporary ones).
      resolve: { noExternal: true },
      build: {
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        target: 'node20',
        rollupOptions: { input: { entry: 'src/ssr/entry.ts' } },
      },
    },
    // The operators' studio (/admin/studio): its own build, so no chunk of it is shared with the
    // parents' app, and nothing the parents load changes with it (src/server/studio/page/assets.ts serves it).
    studio: {
      consumer: 'client',
      build: {
        emptyOutDir: true,
        manifest: true,
        copyPublicDir: false,
        target: 'es2022',
        // So that the manifest names the entry's stylesheet (src/server/studio/page/assets.ts reads it).
        cssCodeSplit: true,
        rollupOptions: { input: { studio: STUDIO_ENTRY } },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
      await builder.build(builder.environments.studio!);
    },
  },
  server: { port: Number(process.env.VITE_PORT ?? 5173) },
});
