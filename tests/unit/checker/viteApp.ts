import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, createServer, type Rolldown, type ViteDevServer } from 'vite';
import { blocks } from '../../../src/blocks/registry.ts';
import { funnelConfigPlugin } from '../../../src/vitePlugin/plugin.ts';

/** Makes `root` a small app: one entry importing the funnel config's virtual module. */
export function writeAppEntry(root: string): void {
  writeFileSync(
    join(root, 'main.js'),
    `import { config, defaultCopy, loadScreen, loadCopy } from 'virtual:funnel-config';
globalThis.app = { config, defaultCopy, loadScreen, loadCopy };
`,
  );
}

/** Builds that app in memory with the funnel-config plugin (funnels/ and copy/ of `root`). */
export async function buildApp(root: string): Promise<Rolldown.RolldownOutput['output']> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [funnelConfigPlugin({ funnelsDir: 'funnels', copyDir: 'copy', blocks })],
    build: { write: false, rolldownOptions: { input: join(root, 'main.js') } },
  })) as Rolldown.RolldownOutput;
  return output.output;
}

/** A dev server of `root` with the funnel-config plugin, in middleware mode (no port, no HMR socket). */
export function devServer(root: string): Promise<ViteDevServer> {
  return createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    server: { middlewareMode: true, hmr: false },
    plugins: [funnelConfigPlugin({ funnelsDir: 'funnels', copyDir: 'copy', blocks })],
  });
}
