/**
 * Vite's build manifest (DIST_DIR/.vite/manifest.json): which files a chunk is, and what it
 * imports. The server preloads a page's chunks from it; `npm run bench` sums the landing's.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const MANIFEST_FILE = '.vite/manifest.json';

/** The manifest key of the browser app's entry (index.html). */
export const entryKey = (manifest: Manifest): string | undefined => Object.keys(manifest).find((k) => manifest[k]!.isEntry);

/**
 * The manifest key of an on-demand block's chunk: src/blocks/plans/block.ts loads `type: plans`
 * from src/blocks/plans/Plans.tsx, and so on for every block.
 */
export function blockChunkKey(manifest: Manifest, blockType: string): string | undefined {
  const key = `src/blocks/${blockType}/${blockType[0]!.toUpperCase()}${blockType.slice(1)}.tsx`;
  return manifest[key] ? key : undefined;
}

/** A chunk and everything it imports statically, in load order, without repeats. */
export function withStaticImports(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(manifest, imported, into);
  return into;
}
