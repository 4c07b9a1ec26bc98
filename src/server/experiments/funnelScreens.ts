/**
 * The funnels and screens of the running config, which `POST /api/events` may name: every
 * funnel file of the funnels folder as the build reads it (src/compiler/load.ts, funnels made
 * from a template expanded), by funnel id, each screen id with its place in the funnel (the
 * step the report orders screens by, as src/compiler/compile.ts numbers them).
 *
 * Reading the folder takes a few hundred milliseconds (YAML), so it is read when the first
 * event arrives, not at every server start (tests start hundreds), and again only when a file
 * of the folder changed (`npm run dev` edits them), looked at no more than once a second.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { blocks } from '../../blocks/registry.ts';
import { readConfigFiles } from '../../compiler/load.ts';

/** Funnel id → screen id → its step (0 first). */
export type FunnelScreens = ReadonlyMap<string, ReadonlyMap<string, number>>;

const RECHECK_MS = 1000;

function readFunnelScreens(funnelsAbs: string, root: string): FunnelScreens {
  const funnels = new Map<string, Map<string, number>>();
  for (const file of readConfigFiles(root, funnelsAbs, [], blocks)) {
    if (file.kind !== 'funnel') continue;
    const data = file.data as { funnel?: unknown; screens?: unknown };
    if (typeof data.funnel !== 'string' || !Array.isArray(data.screens)) continue;
    const screens = new Map<string, number>();
    data.screens.forEach((screen: unknown, step) => {
      const id = (screen as { id?: unknown } | null)?.id;
      if (typeof id === 'string') screens.set(id, step);
    });
    funnels.set(data.funnel, screens);
  }
  return funnels;
}

/** The YAML files of the folder and when each last changed: what the screens were read from ('' when there is no folder). */
function stampOf(dir: string): string {
  if (!existsSync(dir)) return '';
  const stamps: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const file = path.join(current, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.yaml')) stamps.push(`${file}@${statSync(file).mtimeMs}`);
    }
  };
  walk(dir);
  return stamps.sort().join('\n');
}

/** By folder, for every server of the process (tests start many on the same folder). */
const known = new Map<string, { stamp: string; screens: FunnelScreens; checkedAt: number }>();

/** The screens of `funnelsDir`, read on first use and again after a file of it changed. */
export function funnelScreensOf(funnelsDir: string, root: string = process.cwd(), clock: () => number = Date.now): () => FunnelScreens {
  const dir = path.resolve(root, funnelsDir);
  return () => {
    const now = clock();
    const last = known.get(dir);
    if (last && now - last.checkedAt < RECHECK_MS) return last.screens;
    const stamp = stampOf(dir);
    if (last?.stamp === stamp) {
      last.checkedAt = now;
      return last.screens;
    }
    const screens = stamp === '' ? new Map() : readFunnelScreens(dir, path.resolve(root));
    known.set(dir, { stamp, screens, checkedAt: now });
    return screens;
  };
}
