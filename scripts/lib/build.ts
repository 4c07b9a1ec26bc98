/**
 * Building the browser app from scripts and tests: is the build older than its sources, and
 * run `vite build` (as a child process, so OUT_DIR and the environment apply cleanly).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const defaultOutDir = path.join(repoRoot, 'dist/client');

/**
 * What the build reads: when any of these is newer than the build, it is stale. Not the funnels
 * and copy: the server serves them as releases (docs/decisions.md), a build holds none.
 */
export function buildInputs(): string[] {
  return ['src', 'index.html', 'vite.config.ts'].map((p) => path.resolve(repoRoot, p));
}

function newestMtime(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** Why the build in `outDir` must be redone, or null when it is up to date. */
export function staleReason(outDir = defaultOutDir, inputs = buildInputs()): string | null {
  const marker = path.join(outDir, 'index.html');
  if (!existsSync(marker)) return `no build in ${path.relative(repoRoot, outDir) || outDir}`;
  const built = statSync(marker).mtimeMs;
  const newer = inputs.find((input) => newestMtime(input) > built);
  return newer ? `${path.relative(repoRoot, newer)} changed since the last build` : null;
}

export function run(
  command: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; quiet?: boolean } = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...options.env })) if (value !== undefined) env[key] = value;
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env,
      stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

export const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

/** `vite build` into `outDir`; throws with Vite's output when it fails. */
export async function viteBuild(
  options: { outDir?: string; env?: Record<string, string | undefined>; quiet?: boolean } = {},
): Promise<void> {
  const outDir = options.outDir ?? defaultOutDir;
  // A production build whoever calls it: under vitest NODE_ENV is 'test', which would bundle
  // React's development build.
  const env = {
    ...options.env,
    NODE_ENV: 'production',
    VITEST: undefined,
    VITEST_MODE: undefined,
    VITEST_POOL_ID: undefined,
    VITEST_WORKER_ID: undefined,
  };
  const { code, output } = await run(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir'], { env, quiet: options.quiet ?? false });
  if (code !== 0) throw new Error(`vite build failed (exit ${code})${output ? `:\n${output.slice(-4000)}` : ''}`);
}

/** Build when the build is missing or older than its sources; says what it does. */
export async function ensureBuilt(outDir = defaultOutDir): Promise<void> {
  const reason = staleReason(outDir);
  if (!reason) return;
  console.log(`Building the app (${reason})...`);
  await viteBuild({ outDir });
}
