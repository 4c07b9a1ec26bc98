/**
 * A built app with nothing but its page shell: enough for the server to answer pages (the release's
 * data inline, the server's head) without a `vite build`. Its folder is removed with `remove()`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title></title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

export function makeShellDist(prefix: string): { root: string; distDir: string; dataDir: string; remove(): void } {
  const root = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const distDir = path.join(root, 'dist');
  mkdirSync(path.join(distDir, '.vite'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}');
  return { root, distDir, dataDir: path.join(root, 'data'), remove: () => rmSync(root, { recursive: true, force: true }) };
}
