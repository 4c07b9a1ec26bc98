/**
 * Where the loader (./load.ts) finds a project's files: the checkout's folders on disk, or a map
 * of path → text held in memory (a release the server keeps in its database, compiled there).
 * Both give the same files in the same order, so a check of either says the same.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/**
 * A project's YAML files held in memory: the path relative to the project root, with '/'
 * (`funnels/signup.yaml`, `copy/en/signup.yaml`) → the file's text.
 */
export type ProjectFiles = Readonly<Record<string, string>>;

/** The folders a project's files are read from. */
export interface ProjectFolders {
  /** The project root: printed paths are relative to it, and so are the keys of ProjectFiles. */
  root: string;
  /** Relative to `root`, or absolute. */
  funnelsDir: string;
  copyDir: string;
}

/** What the loader reads files through; paths are absolute. */
export interface FileSource {
  isFolder(absDir: string): boolean;
  /** Every file under the folder, at any depth, in the order the loader reads them (see `walkOrder`). */
  filesUnder(absDir: string): string[];
  read(absPath: string): string;
}

export const diskSource: FileSource = {
  isFolder: (absDir) => existsSync(absDir) && statSync(absDir).isDirectory(),
  filesUnder(absDir) {
    const found: string[] = [];
    const walk = (current: string) => {
      for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const path = join(current, entry.name);
        if (entry.isDirectory()) walk(path);
        else found.push(path);
      }
    };
    if (diskSource.isFolder(absDir)) walk(absDir);
    return found;
  },
  read: (absPath) => readFileSync(absPath, 'utf8'),
};

/**
 * The files of a map, as if they were on disk under `root`. A folder is there when a file is
 * in it (an empty folder cannot be written in a map).
 */
export function memorySource(root: string, files: ProjectFiles): FileSource {
  const rootAbs = resolve(root);
  const byAbsPath = new Map(Object.entries(files).map(([path, text]) => [resolve(rootAbs, path), text]));
  const under = (absDir: string) => [...byAbsPath.keys()].filter((path) => path.startsWith(absDir + sep));
  return {
    isFolder: (absDir) => under(absDir).length > 0,
    filesUnder: (absDir) => under(absDir).sort((a, b) => walkOrder(relative(absDir, a), relative(absDir, b))),
    read(absPath) {
      const text = byAbsPath.get(absPath);
      if (text === undefined) throw new Error(`${relative(rootAbs, absPath)} is not among the project's files.`);
      return text;
    },
  };
}

/**
 * The order of a folder walk that sorts each folder's entries by name: paths compare name by
 * name, not as whole strings ('a/x' before 'a-b/x', though '-' sorts before '/').
 */
function walkOrder(a: string, b: string): number {
  const left = a.split(sep);
  const right = b.split(sep);
  for (let i = 0; i < Math.min(left.length, right.length); i++) if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1;
  return left.length - right.length;
}

/**
 * The checkout's files a load reads (the funnels and copy folders' .yaml files, and their .yml
 * files, which the check reports), in the order it reads them: a snapshot to check or keep.
 */
export function readProjectFiles(folders: ProjectFolders): ProjectFiles {
  const root = resolve(folders.root);
  const files: Record<string, string> = {};
  for (const dir of [folders.funnelsDir, folders.copyDir])
    for (const absPath of diskSource.filesUnder(resolve(root, dir)))
      if (absPath.endsWith('.yaml') || absPath.endsWith('.yml'))
        files[relative(root, absPath).split(sep).join('/')] = readFileSync(absPath, 'utf8');
  return files;
}
