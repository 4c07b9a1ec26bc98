import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blocks } from '../../../src/blocks/registry.ts';
import { type CheckResult, checkAndCompile } from '../../../src/compiler/compile.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import type { RuntimeTexts } from '../../../src/compiler/runtimeTexts.ts';
import { fixtureRuntimeTexts } from './fixtureRuntimeTexts.ts';

export const fixturesDir = fileURLToPath(new URL('../../fixtures/checker/', import.meta.url));
export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

export { fixtureRuntimeTexts } from './fixtureRuntimeTexts.ts';

/**
 * Copies the base project and then the case's files over it into a temporary folder, and
 * checks it there: printed paths are then `funnels/...` and `copy/...`.
 */
export function checkCase(name: string, runtimeTexts: RuntimeTexts = fixtureRuntimeTexts): { report: string; result: CheckResult } {
  const root = mkdtempSync(join(tmpdir(), `checker-${name}-`));
  try {
    cpSync(join(fixturesDir, '_base'), root, { recursive: true, filter: (src) => !src.endsWith('README.md') });
    if (name !== '_base') cpSync(join(fixturesDir, name), root, { recursive: true });
    const result = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks, runtimeTexts });
    return { report: formatReport(result.diagnostics, result.files), result };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Lets expected reports be written indented in the test file. A line ending in a backslash
 * (written `\\`) goes on with the next line, that line's indentation left out: long report lines
 * stay within the line length of the source.
 */
export function text(strings: TemplateStringsArray, ...values: unknown[]): string {
  const joined = strings.map((s) => s.replace(/\\\n */g, ''));
  const raw = joined.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
  const lines = raw.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.match(/^ */)![0].length));
  return lines
    .map((l) => l.slice(indent))
    .join('\n')
    .replace(/\n\s*$/, '\n');
}
