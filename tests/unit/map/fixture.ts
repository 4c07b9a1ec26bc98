import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import { type MapSource, mapSource } from '../../../src/generators/map/source.ts';
import { fixtureRuntimeTexts } from '../checker/fixtureRuntimeTexts.ts';

const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/**
 * A temporary project: the checker's base fixture with tests/fixtures/map/ over it. The caller
 * removes `root` when done.
 */
export function mapFixture(): { root: string; source: MapSource } {
  const root = mkdtempSync(join(tmpdir(), 'funnel-map-'));
  cpSync(join(fixtures, 'checker', '_base'), root, { recursive: true, filter: (src) => !src.endsWith('README.md') });
  cpSync(join(fixtures, 'map'), root, { recursive: true, filter: (src) => !src.endsWith('README.md') });
  const result = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks, runtimeTexts: fixtureRuntimeTexts });
  if (!result.compiled) throw new Error(`The map fixture does not pass the check:\n${formatReport(result.diagnostics, result.files)}`);
  return { root, source: mapSource(result.compiled, result.files, result.schemas) };
}
