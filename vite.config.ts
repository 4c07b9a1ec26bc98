import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { blocks } from './src/blocks/registry.ts';
import { backendInDevServer } from './src/server/devBackend.ts';
import { blockCodePlugin } from './src/vitePlugin/blockCode.ts';
import { funnelConfigPlugin } from './src/vitePlugin/plugin.ts';

const outDir = process.env.DIST_DIR ?? 'dist/client';

/**
 * One config for `npm run dev` (hot reload of funnels/ and copy/, backend mounted in the dev
 * server) and `npm run build`: the browser app into DIST_DIR (default dist/client, with a
 * manifest the server and `npm run bench` read), then the server renderer (src/ssr/entry.ts)
 * into its `.ssr/` folder, which the static server never serves. FUNNELS_DIR and COPY_DIR point
 * the build at other configs.
 */
/** `vite build --outDir X` (scripts/lib/build.ts) puts the server renderer in X/.ssr. */
function serverRendererBesideTheApp(): Plugin {
  let appDir = outDir;
  return {
    name: 'server-renderer-beside-the-app',
    config(config) {
      appDir = config.build?.outDir ?? outDir;
    },
    configEnvironment(name, _config, env) {
      if (name === 'ssr' && env.command === 'build') return { build: { outDir: path.join(appDir, '.ssr') } };
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
    serverRendererBesideTheApp(),
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
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
    },
  },
  server: { port: Number(process.env.VITE_PORT ?? 5173) },
});
