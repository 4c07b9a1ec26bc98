/**
 * The block registry (src/blocks/registry.ts): one definition per block folder, and the browser's
 * half of it that the build makes (`virtual:block-code`, src/vitePlugin/blockCode.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { blockSchemas } from '../../../src/blocks/schemas.ts';
import { blockCodeModule } from '../../../src/vitePlugin/blockCode.ts';

const blocksDir = join(import.meta.dirname, '../../../src/blocks');

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
    for (const b of blocks) if (typeof b.schema !== 'function') expect(blockSchemas[b.type]).toBe(b.schema);
    // The account page's sections hold blocks: its schema is built from the union.
    expect(blocks.filter((b) => typeof b.schema === 'function').map((b) => b.type)).toEqual(['accountSections']);
  });

  it('names a component file of the block’s folder whose default export is the component', async () => {
    for (const b of blocks) {
      const module = (await import(join(blocksDir, b.type, b.component))) as { default?: unknown };
      expect(typeof module.default, b.type).toBe('function');
    }
  });
});

describe('the browser’s half (virtual:block-code)', () => {
  const code = blockCodeModule(blocks, '/app/src/blocks/');

  it('imports the eager blocks with the entry and loads the others on demand, preloaded as their definitions say', () => {
    expect(code).toContain('import component0 from "/app/src/blocks/heading/Heading.tsx";');
    expect(code).toContain('{ type: "heading", drawn: component0 }');
    expect(code).toContain('{ type: "form", load: () => import("/app/src/blocks/form/Form.tsx"), preload: true }');
    expect(code).toContain('{ type: "paymentMethod", load: () => import("/app/src/blocks/paymentMethod/PaymentMethod.tsx") }');
    const types = [...code.matchAll(/\{ type: "(\w+)", (drawn|load)/g)].map((m) => [m[1], m[2]]);
    expect(types).toEqual(blocks.map((b) => [b.type, b.eager ? 'drawn' : 'load']));
    expect(code).not.toMatch(/schema|zod/);
  });

  it('keeps in the entry the blocks first screens draw, and nothing else', () => {
    // The first screens draw these without a chunk (docs/decisions.md, 'Blocks that describe themselves').
    expect(blocks.filter((b) => b.eager).map((b) => b.type)).toEqual([
      'heading',
      'text',
      'list',
      'button',
      'link',
      'notice',
      'faq',
      'steps',
    ]);
  });
});
