import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Diagnostic, error } from '../../compiler/diagnostic.ts';
import { leftoverFiles } from '../generatedFiles.ts';
import { funnelMaps } from './graph.ts';
import { funnelMapMarkdown } from './markdown.ts';
import type { MapSource } from './source.ts';

/** Where the maps live, relative to the project root: one `<funnel file name>.md` per funnel file. */
export const MAPS_DIR = 'docs/funnels';

export interface MapFile {
  /** Relative to the project root (docs/funnels/signup.yaml's map is docs/funnels/signup.md). */
  path: string;
  /** The funnel file it maps (funnels/signup.yaml). */
  funnelFile: string;
  text: string;
}

/**
 * Are the maps of docs/funnels/ checked? Only for the project's own config, funnels/ and copy/
 * of its root: a config checked from another folder (a test's temporary copy with other route
 * rules, a draft) has no maps of its own, and the repository's would wrongly be called stale.
 */
export function mapsCheckedFor(dirs: { root: string; funnelsDir: string; copyDir: string }): boolean {
  const root = resolve(dirs.root);
  return resolve(root, dirs.funnelsDir) === join(root, 'funnels') && resolve(root, dirs.copyDir) === join(root, 'copy');
}

/** funnels/signup.yaml → signup; a funnel in a sub-folder, funnels/partners/acme.yaml → partners-acme. */
function mapName(funnelFile: string): string {
  return funnelFile
    .replace(/^funnels\//, '')
    .replace(/\.yaml$/, '')
    .replaceAll('/', '-');
}

/** Every funnel's map, as `npm run map` writes it. */
export function mapFiles(source: MapSource): MapFile[] {
  return funnelMaps(source)
    .map((map) => ({
      path: `${MAPS_DIR}/${mapName(map.file)}.md`,
      funnelFile: map.file,
      text: funnelMapMarkdown(map),
    }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The maps in the folder now that no funnel has (a funnel removed or renamed). */
const leftovers = (root: string, files: readonly MapFile[]) =>
  leftoverFiles(
    root,
    MAPS_DIR,
    '.md',
    files.map((f) => f.path),
  );

/** Writes the maps that changed and removes those of funnels that are gone. */
export function writeMapFiles(root: string, files: readonly MapFile[]): { written: string[]; unchanged: string[]; removed: string[] } {
  mkdirSync(join(root, MAPS_DIR), { recursive: true });
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const file of files) {
    const abs = join(root, file.path);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === file.text) unchanged.push(file.path);
    else {
      writeFileSync(abs, file.text);
      written.push(file.path);
    }
  }
  const removed = leftovers(root, files);
  for (const path of removed) rmSync(join(root, path));
  return { written, unchanged, removed };
}

/**
 * `npm run check`'s word on the maps: one error per map that is missing, differs from what
 * `npm run map` would write now, or belongs to no funnel. Reads one small file per funnel.
 */
export function staleMapDiagnostics(root: string, files: readonly MapFile[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const file of files) {
    const abs = join(root, file.path);
    if (!existsSync(abs))
      out.push(
        error(file.path, [], `The map of ${file.funnelFile} is missing. Run \`npm run map\` to write it, and commit it.`, {
          at: 'file',
          code: 'FL030',
        }),
      );
    else if (readFileSync(abs, 'utf8') !== file.text)
      out.push(
        error(
          file.path,
          [],
          `The map of ${file.funnelFile} is out of date: the funnel, the route rules or the copy changed since it was written. ` +
            'Run `npm run map` to write it again, and commit it.',
          { at: 'file', code: 'FL030' },
        ),
      );
  }
  for (const path of leftovers(root, files))
    out.push(
      error(path, [], 'This map belongs to no funnel any more. Run `npm run map` to remove it (or delete the file).', {
        at: 'file',
        code: 'FL030',
      }),
    );
  return out;
}
