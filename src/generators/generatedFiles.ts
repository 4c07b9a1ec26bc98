import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files a generated folder holds that the generator no longer writes (what they were made
 * from was removed or renamed): `dir/name` paths, relative to `root`, sorted.
 */
export function leftoverFiles(root: string, dir: string, suffix: string, wanted: Iterable<string>): string[] {
  if (!existsSync(join(root, dir))) return [];
  const kept = new Set(wanted);
  return readdirSync(join(root, dir))
    .filter((name) => name.endsWith(suffix))
    .map((name) => `${dir}/${name}`)
    .filter((path) => !kept.has(path))
    .sort();
}
