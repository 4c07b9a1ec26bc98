/** The layer rules of docs/layers.md (scripts/lib/layers.ts), each broken once in a small tree. */
import type { DependencyTree } from 'dpdm';
import { describe, expect, test } from 'vitest';
import { layerProblems } from '../../scripts/lib/layers.ts';

/** A tree from `file: [imports]`; an import named `type:x` is a type import (dpdm reads both the same way). */
function treeOf(files: Record<string, string[]>): DependencyTree {
  return Object.fromEntries(
    Object.entries(files).map(([issuer, imports]) => [
      issuer,
      imports.map((to) => ({ issuer, request: to, kind: 'StaticImport', id: to.replace(/^type:/, '') })),
    ]),
  ) as DependencyTree;
}

const noSql = () => '';
const problemsOf = (files: Record<string, string[]>, read: (file: string) => string = noSql) => layerProblems(treeOf(files), read);

const sound = {
  'src/language/schema/conditions.ts': ['../../main/node_modules/zod/index.d.cts', 'src/language/factRegistry.ts'],
  'src/language/factRegistry.ts': [],
  'src/language/evaluate/facts.ts': ['type:src/domain/sessionUser.ts'],
  'src/domain/sessionUser.ts': [],
  'src/blocks/faq/schema.ts': ['src/language/schema/conditions.ts'],
  'src/blocks/schemas.ts': ['src/blocks/faq/schema.ts'],
  'src/compiler/compile.ts': ['src/language/schema/conditions.ts', 'node:fs'],
  'scripts/check.ts': ['src/blocks/schemas.ts', 'src/compiler/compile.ts'],
  'src/runtime/ui/Blocks.tsx': ['src/blocks/schemas.ts', 'type:src/compiler/compile.ts'],
  'src/server/accounts/repository.ts': [],
};

describe('the layer check', () => {
  test('passes a tree whose imports point one way', () => {
    expect(problemsOf(sound)).toEqual([]);
  });

  test('names a type import of the runtime in the language, and the circle it closes', () => {
    const problems = problemsOf({ ...sound, 'src/language/factRegistry.ts': ['type:src/runtime/ui/Blocks.tsx'] });
    expect(problems[0]).toContain('✗ language-is-pure');
    expect(problems[0]).toContain('src/language/factRegistry.ts → src/runtime/ui/Blocks.tsx');
    expect(problems[1]).toContain('✗ no-circles');
    expect(problems).toHaveLength(2);
  });

  test('keeps the file system and every package but zod out of the language', () => {
    const problems = problemsOf({ ...sound, 'src/language/factRegistry.ts': ['node:fs', '../../main/node_modules/react/index.js'] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('src/language/factRegistry.ts → node:fs');
    expect(problems[0]).toContain('src/language/factRegistry.ts → react');
  });

  test('lets the runtime reach a block through the registry only, and the compiler not at all: it is handed the registry', () => {
    const problems = problemsOf({
      ...sound,
      'src/compiler/compile.ts': ['src/blocks/faq/schema.ts'],
      'src/runtime/ui/Blocks.tsx': ['src/blocks/faq/schema.ts'],
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['✗ compiler-handed-the-registry', '✗ runtime-through-the-registry']);
    const registry = problemsOf({
      ...sound,
      'src/compiler/checks/payments.ts': ['src/blocks/registry.ts'],
      'src/generators/pages/funnelPages.ts': ['type:src/blocks/schemas.ts'],
      'src/runtime/ui/Blocks.tsx': ['type:src/blocks/schemas.ts'],
    });
    expect(registry).toHaveLength(1);
    expect(registry[0]).toContain('src/compiler/checks/payments.ts → src/blocks/registry.ts');
    expect(registry[0]).toContain('src/generators/pages/funnelPages.ts → src/blocks/schemas.ts');
  });

  test('keeps Vite out of the compiler, the compiler out of the blocks, and the foundations at the bottom', () => {
    const problems = problemsOf({
      ...sound,
      'src/compiler/compile.ts': ['../../main/node_modules/vite/dist/node/index.js'],
      'src/blocks/faq/schema.ts': ['type:src/compiler/compile.ts'],
      'src/domain/sessionUser.ts': ['type:src/blocks/schemas.ts'],
      'src/blocks/plans/Plans.tsx': ['src/adapters/backend/backend.ts'],
    });
    const rules = problems.map((p) => p.split(':')[0]);
    expect(rules).toContain('✗ blocks-below-the-compiler');
    expect(rules).toContain('✗ compiler-runs-anywhere');
    expect(rules).toContain('✗ foundations-import-nothing-above');
    expect(rules).toContain('✗ blocks-read-through-the-data-layer');
  });

  test('finds SQL written outside a repository', () => {
    const read = (file: string) => (file.endsWith('service.ts') || file.endsWith('repository.ts') ? "db.selectFrom('accounts')" : '');
    const problems = problemsOf({ ...sound, 'src/server/accounts/service.ts': [] }, read);
    expect(problems).toEqual([
      '✗ sql-in-repositories: SQL is written in repository.ts files only (docs/layers.md)\n    src/server/accounts/service.ts',
    ]);
  });
});
