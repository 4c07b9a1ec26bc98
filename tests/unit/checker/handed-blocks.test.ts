/**
 * The compiler knows the blocks it is handed, and only those: a caller with another registry (the
 * server compiling a release with the blocks it runs) gets the check of that registry.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { configSchemas } from '../../../src/compiler/configSchemas.ts';
import { readProjectFiles } from '../../../src/compiler/projectFiles.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import { projectJsonSchemas } from '../../../src/generators/jsonSchema/schemaFiles.ts';
import { fixtureRuntimeTexts, fixturesDir } from './helpers.ts';

/** The checker's base fixture, as a caller holding it in memory would pass it. */
const base = readProjectFiles({ root: join(fixturesDir, '_base'), funnelsDir: 'funnels', copyDir: 'copy' });
const check = (registry: typeof blocks | readonly (typeof blocks)[number][]) =>
  checkAndCompile({
    root: '/project',
    funnelsDir: 'funnels',
    copyDir: 'copy',
    blocks: registry,
    files: base,
    runtimeTexts: fixtureRuntimeTexts,
  });

describe('the blocks the compiler is handed', () => {
  it('are the blocks a funnel may show', () => {
    expect(check(blocks).compiled).toBeDefined();
    const withoutLinks = check(blocks.filter((b) => b.type !== 'link'));
    expect(withoutLinks.compiled).toBeUndefined();
    expect(formatReport(withoutLinks.diagnostics, withoutLinks.files)).toContain("Unknown block type 'link'.");
  });

  it('are the blocks the editors’ JSON Schema lists', () => {
    const fewer = blocks.filter((b) => b.type === 'heading' || b.type === 'link');
    const result = check(fewer);
    const funnelSchema = projectJsonSchemas(result.files, result.schemas).find((f) => f.path === 'schemas/funnel.schema.json')!;
    expect(funnelSchema.text).toContain('"heading"');
    expect(funnelSchema.text).not.toContain('"faq"');
    expect(result.schemas).toBe(configSchemas(fewer));
    expect(configSchemas(blocks)).toBe(configSchemas(blocks));
  });
});
