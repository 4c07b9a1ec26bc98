/**
 * `virtual:block-code`: the browser's half of the block registry (src/blocks/registry.ts), each
 * block's type and its component, without its schema, texts and checks, which are the compiler's
 * (and would bring zod into every page). An `eager` block's component is imported with the entry:
 * drawn at once, server-rendered and hydrated without a chunk; any other is its own chunk, loaded
 * when a screen shows it. See docs/decisions.md, 'Blocks that describe themselves'.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { BlockDefinition } from '../language/blockDefinition.ts';

export const BLOCK_CODE_ID = 'virtual:block-code';
const RESOLVED_ID = `\0${BLOCK_CODE_ID}`;

/** The module's source: `blockCode`, one entry per definition, in the registry's order; `blocksDir` is src/blocks/. */
export function blockCodeModule(definitions: readonly BlockDefinition[], blocksDir: string): string {
  const imports: string[] = [];
  const entries = definitions.map((b, i) => {
    const file = JSON.stringify(`${blocksDir}${b.type}/${b.component.slice(2)}`);
    if (b.eager) {
      imports.push(`import component${i} from ${file};`);
      return `{ type: ${JSON.stringify(b.type)}, drawn: component${i} }`;
    }
    return `{ type: ${JSON.stringify(b.type)}, load: () => import(${file})${b.preload ? ', preload: true' : ''} }`;
  });
  return `${imports.join('\n')}\nexport const blockCode = [\n  ${entries.join(',\n  ')},\n];\n`;
}

/** Serves `virtual:block-code` to the browser and the server renderer. */
export function blockCodePlugin(blocks: readonly BlockDefinition[]): Plugin {
  const blocksDir = fileURLToPath(new URL('../blocks/', import.meta.url)).replaceAll('\\', '/');
  return {
    name: 'block-code',
    resolveId: (id) => (id === BLOCK_CODE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? blockCodeModule(blocks, blocksDir) : undefined),
  };
}
