import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build, createServer, type Rolldown, type ViteDevServer } from 'vite';
import { blocks } from '../../../src/blocks/registry.ts';
import { PAGE_RELEASE_ID, type PageRelease } from '../../../src/runtime/startup/release.ts';
import { funnelConfigPlugin } from '../../../src/vitePlugin/plugin.ts';

/** Makes `root` a small app: one entry that imports nothing of the funnels (the page carries its release). */
export function writeAppEntry(root: string): void {
  writeFileSync(join(root, 'main.js'), `globalThis.app = document.getElementById(${JSON.stringify(PAGE_RELEASE_ID)});\n`);
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

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title></title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/** index.html as the dev server answers it, and the release it carries. */
export async function devPage(server: ViteDevServer): Promise<{ html: string; release: PageRelease }> {
  const html = await server.transformIndexHtml('/', INDEX_HTML);
  const json = new RegExp(`<script type="application/json" id="${PAGE_RELEASE_ID}">(.*?)</script>`).exec(html)?.[1];
  if (!json) throw new Error(`The page carries no release:\n${html}`);
  return { html, release: JSON.parse(json) as PageRelease };
}

/** GET `path` from the dev server's middlewares (over a real HTTP server on a free port). */
export async function devGet(server: ViteDevServer, path: string): Promise<{ status: number; cacheControl: string | null; body: string }> {
  const http = createHttpServer(server.middlewares);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}${path}`);
    return { status: answer.status, cacheControl: answer.headers.get('cache-control'), body: await answer.text() };
  } finally {
    await new Promise((resolve) => http.close(resolve));
  }
}
