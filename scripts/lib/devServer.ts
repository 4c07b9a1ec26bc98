/**
 * `npm run dev`'s server started from a script or a test: Vite with the project's
 * vite.config.ts on 127.0.0.1 and a free port, reading temporary copies of funnels/ and copy/
 * (FUNNELS_DIR, COPY_DIR) that the caller may edit, and a temporary DATA_DIR for the backend it
 * mounts (the backend is left out under Vitest: src/server/devBackend.ts).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { repoRoot } from './build.ts';

export interface DevServer {
  url: string;
  /** The temporary copies of funnels/ and copy/ the server reads. */
  funnelsDir: string;
  copyDir: string;
  vite: ViteDevServer;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('No free port.');
  return address.port;
}

/** `prepare` may change the copies before the server reads them. */
export async function startDevServer(
  options: { prepare?: (dirs: { funnelsDir: string; copyDir: string }) => void } = {},
): Promise<DevServer> {
  const temp = mkdtempSync(path.join(tmpdir(), 'dev-server-'));
  const dirs = { funnelsDir: path.join(temp, 'funnels'), copyDir: path.join(temp, 'copy') };
  cpSync(path.join(repoRoot, 'funnels'), dirs.funnelsDir, { recursive: true });
  cpSync(path.join(repoRoot, 'copy'), dirs.copyDir, { recursive: true });
  options.prepare?.(dirs);

  // vite.config.ts and the backend read these from the environment, as `npm run dev` does.
  const env = { FUNNELS_DIR: dirs.funnelsDir, COPY_DIR: dirs.copyDir, DATA_DIR: path.join(temp, 'data') };
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const restoreEnv = () => {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  };
  Object.assign(process.env, env);
  let vite: ViteDevServer | undefined;
  const close = async () => {
    await vite?.close();
    restoreEnv();
    rmSync(temp, { recursive: true, force: true });
  };
  try {
    vite = await createServer({
      configFile: path.join(repoRoot, 'vite.config.ts'),
      root: repoRoot,
      logLevel: 'warn',
      clearScreen: false,
      server: { host: '127.0.0.1', port: await freePort(), strictPort: true },
    });
    await vite.listen();
  } catch (error) {
    await close();
    throw error;
  }
  const url = (vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${vite.config.server.port}/`).replace(/\/$/, '');
  return { url, ...dirs, vite, close };
}
