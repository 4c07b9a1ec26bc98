import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What English each translation was made from: `copy/<locale>/.translated-from.json`, a map of
 * key → a hash of the source text at the time. When the source text changes, the hash no
 * longer matches and the translation is stale. (The file is JSON, so the checker and the build,
 * which read `.yaml` files only, never take it for copy.)
 */
export const SOURCE_HASHES_FILE = '.translated-from.json';

export const hashOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);

const fileOf = (root: string, copyDir: string, locale: string) => path.join(root, copyDir, locale, SOURCE_HASHES_FILE);

export function readSourceHashes(root: string, copyDir: string, locale: string): Map<string, string> {
  const file = fileOf(root, copyDir, locale);
  if (!existsSync(file)) return new Map();
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return new Map(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Written sorted, one key a line, so a change reads well in a diff. */
export function writeSourceHashes(root: string, copyDir: string, locale: string, hashes: Map<string, string>): void {
  mkdirSync(path.dirname(fileOf(root, copyDir, locale)), { recursive: true });
  const sorted = Object.fromEntries([...hashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(fileOf(root, copyDir, locale), `${JSON.stringify(sorted, null, 2)}\n`);
}
