import { defineConfig } from 'vite';
import { funnelConfigPlugin } from './src/config/vite-plugin.ts';
import { backendInDevServer } from './src/server/devBackend.ts';

/**
 * One config for `npm run dev` (hot reload of funnels/ and copy/, backend mounted in the dev
 * server) and `npm run build` (into DIST_DIR, default dist/client, with a manifest that
 * `npm run bench` reads). FUNNELS_DIR and COPY_DIR point the build at other configs.
 */
export default defineConfig({
  root: '.',
  plugins: [
    funnelConfigPlugin({ funnelsDir: process.env.FUNNELS_DIR ?? 'funnels', copyDir: process.env.COPY_DIR ?? 'copy' }),
    backendInDevServer(),
  ],
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: process.env.DIST_DIR ?? 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
  server: { port: Number(process.env.VITE_PORT ?? 5173) },
});
