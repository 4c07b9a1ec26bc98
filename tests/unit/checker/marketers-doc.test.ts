/**
 * docs/marketers.md shows files a marketer copies: each example there is a file of
 * tests/fixtures/marketers, word for word, and those files added to this repository's funnels pass
 * the checker and compile. (tests/e2e/partners.test.ts builds them and walks a parent through.)
 */

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import { projectRoot } from './helpers.ts';

const fixtures = join(projectRoot, 'tests/fixtures/marketers');
const doc = readFileSync(join(projectRoot, 'docs/marketers.md'), 'utf8');

/** ```yaml blocks whose first line names a fixture: `# tests/fixtures/marketers/...`. */
const examples = [...doc.matchAll(/```yaml\n# (tests\/fixtures\/marketers\/\S+)\n([\s\S]*?)```/g)].map((m) => ({
  file: m[1]!,
  text: m[2]!,
}));
const fixtureFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? fixtureFiles(join(dir, e.name)) : [join(dir, e.name)]));

describe('docs/marketers.md', () => {
  it('shows every file of tests/fixtures/marketers, exactly as it is', () => {
    const shown = examples.map((e) => e.file).sort();
    expect(shown).toEqual(
      fixtureFiles(fixtures)
        .map((f) => relative(projectRoot, f))
        .sort(),
    );
    for (const { file, text } of examples) expect(text, file).toBe(readFileSync(join(projectRoot, file), 'utf8'));
  });

  it('keeps each funnel made from a template within 25 lines', () => {
    const instances = examples.filter((e) => /^use: /m.test(e.text));
    expect(instances.map((e) => e.file)).toEqual([
      'tests/fixtures/marketers/funnels/brightkids.yaml',
      'tests/fixtures/marketers/funnels/summer.yaml',
    ]);
    for (const { file, text } of instances) expect(text.trimEnd().split('\n').length, file).toBeLessThanOrEqual(25);
  });

  it('has examples that pass npm run check and compile, added to the repository funnels', { timeout: 60_000 }, () => {
    const root = mkdtempSync(join(tmpdir(), 'marketers-doc-'));
    try {
      for (const dir of ['funnels', 'copy']) cpSync(join(projectRoot, dir), join(root, dir), { recursive: true });
      cpSync(fixtures, root, { recursive: true });
      const result = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
      // Their English texts have no Spanish yet: warnings (Spanish parents see English), no error.
      const report = formatReport(result.diagnostics, result.files);
      expect(report).toMatch(/All \d+ config files are valid, with \d+ warnings?\.\n$/);
      expect(result.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.code)).toEqual(expect.arrayContaining(['FL510']));
      expect(new Set(result.diagnostics.map((d) => d.code))).toEqual(new Set(['FL510']));
      const paths = Object.values(result.compiled!.screens).map((s) => s.path);
      expect(paths).toEqual(expect.arrayContaining(['/brightkids', '/brightkids-thankyou', '/summer', '/back-to-school']));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
