/**
 * The translators' tools (src/compiler/translations/) on a checkout: the project's files read
 * from its folders, and the files the tools answer written back into them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { blocks } from '../../../src/blocks/registry.ts';
import type { ProjectFolders } from '../../../src/compiler/projectFiles.ts';
import type { FileWrites } from '../../../src/compiler/translations/importTexts.ts';
import { readTexts, type Texts } from '../../../src/compiler/translations/texts.ts';

export function readTextsOnDisk(dirs: ProjectFolders): Texts {
  const read = (file: string) => {
    const abs = path.resolve(dirs.root, file);
    return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
  };
  return readTexts({ ...dirs, blocks, read });
}

/** Writes each file (paths relative to `root`), making its folder when needed; answers the paths written. */
export function writeFiles(root: string, writes: FileWrites): string[] {
  for (const [file, text] of Object.entries(writes)) {
    const abs = path.resolve(root, file);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  return Object.keys(writes);
}
