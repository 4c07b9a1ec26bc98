import { createHash } from 'node:crypto';

/**
 * What English each translation was made from: `copy/<locale>/.translated-from.json`, a map of
 * key → a hash of the source text at the time. When the source text changes, the hash no
 * longer matches and the translation is stale. (The file is JSON, so the checker and the build,
 * which read `.yaml` files only, never take it for copy.)
 */
export const SOURCE_HASHES_FILE = '.translated-from.json';

export const hashOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);

/** `copy/<locale>/.translated-from.json`, relative to the project root. */
export const sourceHashesPath = (copyDir: string, locale: string) => `${copyDir}/${locale}/${SOURCE_HASHES_FILE}`;

/** The map a fingerprints file holds (none when there is no file); throws on a file that is not a JSON object. */
export function parseSourceHashes(text: string | undefined): Map<string, string> {
  if (text === undefined) return new Map();
  const data = JSON.parse(text) as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${SOURCE_HASHES_FILE} must hold a JSON object.`);
  return new Map(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Why `text` is not a fingerprints file the tools can read, or null. */
export function sourceHashesProblem(text: string): string | null {
  try {
    parseSourceHashes(text);
    return null;
  } catch (error) {
    return `${SOURCE_HASHES_FILE} must be a JSON object of key → fingerprint: ${(error as Error).message}`;
  }
}

/** Written sorted, one key a line, so a change reads well in a diff. */
export function formatSourceHashes(hashes: Map<string, string>): string {
  const sorted = Object.fromEntries([...hashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}
