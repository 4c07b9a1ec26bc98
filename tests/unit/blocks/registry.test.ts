/**
 * The block registry (src/blocks/registry.ts): one definition per block folder, and the browser's
 * copy of it that the build makes (src/vitePlugin/blockCode.ts) agrees with the definitions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { blockSchemas } from '../../../src/blocks/schemas.ts';
import { browserRegistry } from '../../../src/vitePlugin/blockCode.ts';

const blocksDir = join(import.meta.dirname, '../../../src/blocks');
const readBlock = (folder: string) => {
  const file = join(blocksDir, folder, 'block.ts');
  return { source: readFileSync(file, 'utf8'), file };
};
const browser = browserRegistry(readFileSync(join(blocksDir, 'registry.ts'), 'utf8'), readBlock);

describe('the block registry', () => {
  it('holds one definition per block folder, whose type is the folder’s name', () => {
    const folders = readdirSync(blocksDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(blocksDir, e.name, 'block.ts')))
      .map((e) => e.name);
    expect(blocks.map((b) => b.type).sort()).toEqual(folders.sort());
    expect(new Set(blocks.map((b) => b.type)).size).toBe(blocks.length);
  });

  it('gives the compiler each block’s schema, in the registry’s order', () => {
    expect(Object.keys(blockSchemas)).toEqual(blocks.map((b) => b.type));
    for (const b of blocks) expect(blockSchemas[b.type as keyof typeof blockSchemas]).toBe(b.schema);
  });

  it('loads each component from a module of its folder whose default export is the component', async () => {
    for (const b of blocks) {
      const module = await b.component();
      expect(typeof module.default, b.type).toBe('function');
    }
  });
});

describe('the browser’s registry (the build’s)', () => {
  it('lists every block in the registry’s order, without schemas', () => {
    const types = [...browser.matchAll(/\{ type: '(\w+)'/g)].map((m) => m[1]);
    expect(types).toEqual(blocks.map((b) => b.type));
    expect(browser).not.toMatch(/schema|zod/);
  });

  it('imports the eager blocks with the entry, and loads the others on demand, preloaded as their definitions say', async () => {
    for (const b of blocks) {
      const path = b.eager
        ? new RegExp(`^import ${b.type}Component from "([^"]+)";$`, 'm').exec(browser)?.[1]
        : new RegExp(`\\{ type: '${b.type}', component: \\(\\) => import\\("([^"]+)"\\)(, preload: true)? \\}`).exec(browser)?.[1];
      expect(path, b.type).toBeDefined();
      // The very module the definition loads.
      expect(await import(join(blocksDir, path!)), b.type).toBe(await b.component());
      if (b.eager) expect(browser).toContain(`{ type: '${b.type}', drawn: ${b.type}Component }`);
      else expect(browser.includes(`import("${path}"), preload: true }`), b.type).toBe(b.preload === true);
    }
    // The landing's first screen draws these without a chunk (docs/decisions.md, 'Blocks that describe themselves').
    expect(blocks.filter((b) => b.eager).map((b) => b.type)).toEqual([
      'heading',
      'text',
      'list',
      'button',
      'link',
      'notice',
      'faq',
      'steps',
      'codeList',
    ]);
  });

  it('says what a block.ts lacks when the build cannot read it', () => {
    const registry = "import odd from './odd/block.ts';\n\nexport const blocks = [\n  odd,\n] as const;\n";
    const odd = 'export default defineBlock({\n  type: "odd",\n  schema: oddBlock,\n  component: () => import("./Odd.tsx"),\n});\n';
    expect(() => browserRegistry(registry, () => ({ source: odd, file: 'src/blocks/odd/block.ts' }))).toThrow(
      "src/blocks/odd/block.ts: a block's definition says `type: '<type>',` and `component: () => import('./X.tsx'),` on lines of their own.",
    );
    expect(() => browserRegistry(registry.replace("import odd from './odd/block.ts';\n", ''), readBlock)).toThrow(
      "'odd' is not imported from './<folder>/block.ts'",
    );
  });
});
