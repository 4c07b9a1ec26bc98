/**
 * Comments and test names point inside the repository (docs/..., tests/..., a source file), or
 * state their rule plainly: the product specification's section numbers and the tracker's issue
 * numbers are not in the repository, so a newcomer cannot follow them (docs/decisions.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['src', 'scripts', 'tests', 'funnels', 'copy', 'docs'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|html|md|yaml|yml|json)$/;

// Spelled in pieces so that this file does not match itself.
const SECTION = '\u00a7';
const OUTSIDE_REFERENCE = new RegExp(`${SECTION}\\s*\\d|\\bspec\\s+${SECTION}|\\bissues?\\s+#?\\d+`, 'i');

/** The 1-based numbers of the lines of `text` that cite a section of the spec or an issue. */
function outsideReferenceLines(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (OUTSIDE_REFERENCE.test(line) ? [i + 1] : []));
}

function scannedFiles(): string[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((path) => TEXT_FILE.test(path) && !path.split(/[\\/]/).includes('node_modules'))
      .map((path) => join(dir, path)),
  ).concat('README.md');
}

describe('references a newcomer can follow', () => {
  test('the pattern finds a section number, a spec section and an issue number, and nothing else', () => {
    const cited = [`// see ${SECTION}4.2`, `/** (spec ${SECTION}9) */`, `# as Iss${'ue'} 15 asks`, `// iss${'ue'} #7`];
    const plain = ['// see docs/payments.md', 'result.error.issues[0]!.message', '// an issue with the gateway', '// spec.default'];
    expect(outsideReferenceLines([...cited, ...plain].join('\n'))).toEqual([1, 2, 3, 4]);
  });

  test(`no file of ${SCANNED.join(', ')} or README.md cites the spec's sections or an issue`, () => {
    const found = scannedFiles().flatMap((path) =>
      outsideReferenceLines(readFileSync(join(ROOT, path), 'utf8')).map((line) => `${path}:${line}`),
    );
    expect(found, 'point to docs/... or tests/..., or state the rule').toEqual([]);
  });
});
