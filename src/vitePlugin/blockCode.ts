/**
 * The browser's copy of the block registry (src/blocks/registry.ts): each block's type and how
 * its component loads, read from its block.ts, without its schema, texts and checks, which are
 * the compiler's (and would bring zod into every page). An `eager` block's component is imported
 * with the entry: drawn at once, server-rendered and hydrated without a chunk. One module, the
 * list in the registry's order. See docs/decisions.md, 'Blocks that describe themselves'.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const REGISTRY_FILE = /[\\/]src[\\/]blocks[\\/]registry\.ts$/;

/** What the browser needs of one block.ts, as an expression; `imports` gets an eager block's component import. */
function browserBlock(source: string, file: string, folder: string, imports: string[]): string {
  const type = /^\s*type: '(\w+)',$/m.exec(source)?.[1];
  const component = /^\s*component: \(\) => import\('\.\/([\w.-]+\.tsx)'\),$/m.exec(source)?.[1];
  if (!type || !component)
    throw new Error(
      `${file}: a block's definition says \`type: '<type>',\` and \`component: () => import('./X.tsx'),\` on lines of their own.`,
    );
  const path = JSON.stringify(`./${folder}/${component}`);
  if (/^\s*eager: true,$/m.test(source)) {
    imports.push(`import ${type}Component from ${path};`);
    return `{ type: '${type}', drawn: ${type}Component }`;
  }
  return `{ type: '${type}', component: () => import(${path})${/^\s*preload: true,$/m.test(source) ? ', preload: true' : ''} }`;
}

/** The browser's registry module, from the registry's source and a reader of its blocks' block.ts (by folder). */
export function browserRegistry(source: string, readBlock: (folder: string) => { source: string; file: string }): string {
  const folders = new Map([...source.matchAll(/^import (\w+) from '\.\/(\w+)\/block\.ts';$/gm)].map((m) => [m[1]!, m[2]!]));
  const list = /^export const blocks = \[\n([^\]]*)\] as const;$/m.exec(source)?.[1];
  if (!list) throw new Error('src/blocks/registry.ts: the list reads `export const blocks = [` ... `] as const;`.');
  const imports: string[] = [];
  const entries = [...list.matchAll(/^\s*(\w+),$/gm)].map(([, name]) => {
    const folder = folders.get(name!);
    if (!folder) throw new Error(`src/blocks/registry.ts: '${name}' is not imported from './<folder>/block.ts'.`);
    const block = readBlock(folder);
    return browserBlock(block.source, block.file, folder, imports);
  });
  return `${imports.join('\n')}\nexport const blocks = [\n  ${entries.join(',\n  ')},\n];\n`;
}

/** Serves src/blocks/registry.ts to the browser and the server renderer as browserRegistry makes it. */
export function blockCodePlugin(): Plugin {
  return {
    name: 'block-code',
    enforce: 'pre',
    transform(source, id) {
      const file = id.split('?')[0]!;
      if (!REGISTRY_FILE.test(file)) return undefined;
      const code = browserRegistry(source, (folder) => {
        const blockFile = join(dirname(file), folder, 'block.ts');
        this.addWatchFile(blockFile);
        return { source: readFileSync(blockFile, 'utf8'), file: blockFile };
      });
      return { code, map: null };
    },
  };
}
