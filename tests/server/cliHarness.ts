/**
 * The operators' CLIs (`npm run codes`, `billing`, `reconcile`…) as a new user runs them: a
 * folder with an embedded database and a built app, the CLI run as a child process on it, and
 * the server `npm start` would start there, logging nothing.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { readServerEnv } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';

const run = promisify(execFile);
export const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** A folder for the file's tests: `data/` (DATA_DIR) and `dist/` (a built app of one page). */
export function useCliFolder(prefix: string) {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return { dataDir: () => path.join(dir, 'data'), distDir: () => path.join(dir, 'dist') };
}

/** The environment of a CLI on that folder's embedded database (the test run's database and gateway settings removed). */
export function cliEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    FUNNELS_DIR: path.join(root, 'funnels'),
    NO_COLOR: '1',
  };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'PAYMENT_GATEWAY', 'PAYMENT_ADAPTER', 'LOG_LEVEL']) delete env[name];
  return { ...env, ...extra } as NodeJS.ProcessEnv;
}

/** Runs `scripts/<script>` with tsx; rejects with the exit code, stdout and stderr when it fails. */
export const runScript = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  run(tsx, [path.join(root, 'scripts', script), ...args], { cwd: root, env, timeout: 90_000 });

/** The server `npm start` starts on that folder (port 0), logging nothing. */
export async function startQuietServer(
  folder: { dataDir: () => string; distDir: () => string },
  o: { funnelsDir?: string } = {},
): Promise<FastifyInstance> {
  const env = readServerEnv(
    {
      DATA_DIR: folder.dataDir(),
      DIST_DIR: folder.distDir(),
      PORT: '0',
      HOST: '127.0.0.1',
      FUNNELS_DIR: o.funnelsDir ?? path.join(root, 'funnels'),
      LOG_LEVEL: 'silent',
    },
    root,
  );
  const logLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'silent';
  const { app } = await startServer(env).finally(() => {
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;
  });
  return app;
}
