/**
 * Every kind of config error has a permanent code with its page in docs/errors.md: the registry
 * and the page agree, and every diagnostic the checker fixtures produce carries a known code.
 */

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { type CheckResult, checkAndCompile } from '../../../src/compiler/compile.ts';
import type { Diagnostic } from '../../../src/compiler/diagnostic.ts';
import { codeLink, diagnosticCodes, githubAnchor, isDiagnosticCode } from '../../../src/compiler/diagnosticCodes.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import type { RuntimeTexts } from '../../../src/compiler/runtimeTexts.ts';
import { errorsDoc } from '../../../src/generators/errorsDoc/errorsDoc.ts';
import { checkCase, fixtureRuntimeTexts, fixturesDir, projectRoot, text } from './helpers.ts';

const errorsPage = readFileSync(join(projectRoot, 'docs/errors.md'), 'utf8');
const codeHeadings = [...errorsPage.matchAll(/^## (FL\d{3})\b(.*)$/gm)].map((m) => ({ code: m[1]!, heading: `${m[1]}${m[2]}` }));
const registered = Object.keys(diagnosticCodes);

/** What to show when a diagnostic has no known code: enough to find where it comes from. */
const uncoded = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.filter((d) => !isDiagnosticCode(d.code)).map((d) => `${d.file}: ${d.code ?? 'no code'}: ${d.message}`);

const codesOf = (result: CheckResult) => [...new Set(result.diagnostics.map((d) => d.code))].sort();

function checkTemp(setup: (root: string) => void, base: string, runtimeTexts?: RuntimeTexts): CheckResult {
  const root = mkdtempSync(join(tmpdir(), 'checker-codes-'));
  try {
    for (const dir of ['funnels', 'copy']) cpSync(join(base, dir), join(root, dir), { recursive: true });
    setup(root);
    return checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks, ...(runtimeTexts ? { runtimeTexts } : {}) });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('diagnostic codes', () => {
  it('has one section in docs/errors.md per code of the registry, and none other', () => {
    expect(codeHeadings.map((h) => h.code)).toEqual(registered);
    for (const section of errorsPage.split(/^## /m).slice(1)) {
      expect(section).toContain('**What happened.** ');
      expect(section).toContain('**Why.** ');
      expect(section).toContain('**How to fix.** ');
    }
  });

  it('keeps docs/errors.md as scripts/errors-doc.ts writes it from the registry', () => {
    expect(errorsPage, 'docs/errors.md is out of date: run `npx tsx scripts/errors-doc.ts`').toBe(errorsDoc());
  });

  it("links each code to its section's GitHub anchor", () => {
    expect(githubAnchor("FL108 A file's fields: one, two")).toBe('fl108-a-files-fields-one-two');
    expect(codeLink('FL101')).toBe('docs/errors.md#fl101-unknown-field');
    for (const { code, heading } of codeHeadings)
      expect(codeLink(code as keyof typeof diagnosticCodes)).toBe(`docs/errors.md#${githubAnchor(heading)}`);
  });

  const fixtures = readdirSync(fixturesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it.each(fixtures)('gives every diagnostic of the fixture %s a registered code', (name) => {
    const { result } = checkCase(name);
    expect(uncoded(result.diagnostics)).toEqual([]);
  });

  it('names each kind of mistake by its own code', () => {
    const expected: Record<string, string[]> = {
      'unknown-key': ['FL101'],
      'missing-key': ['FL102'],
      'wrong-type': ['FL103'],
      'unknown-block-type': ['FL104'],
      'bad-route-format': ['FL105'],
      'yaml-syntax': ['FL010'],
      'duplicate-key': ['FL011'],
      'unknown-kind': ['FL020'],
      'second-app-file': ['FL022', 'FL102'],
      'duplicate-screen': ['FL301'],
      'misspelt-route': ['FL304'],
      'redirect-loop': ['FL306'],
      'unknown-flag-variant': ['FL402'],
      'unknown-call': ['FL404'],
      'missing-copy-key': ['FL502'],
      'placeholder-mismatch': ['FL507'],
      'unused-copy': ['FL509'],
      'runtime-copy-key': ['FL502', 'FL506'],
      'shell-texts': ['FL513'],
    };
    const found = Object.fromEntries(Object.keys(expected).map((name) => [name, codesOf(checkCase(name).result)]));
    expect(found).toEqual(expected);
  });

  it('codes the mistakes of files and folders that no fixture has', () => {
    const result = checkTemp(
      (root) => {
        writeFileSync(join(root, 'funnels', 'notes.yml'), 'a: 1\n');
        writeFileSync(join(root, 'funnels', 'empty.yaml'), '');
        mkdirSync(join(root, 'copy', 'english'));
        writeFileSync(join(root, 'copy', 'english', 'home.yaml'), 'title: Hi\n');
        writeFileSync(join(root, 'copy', 'en', 'Bad_Name.yaml'), 'title: Hi\n');
        mkdirSync(join(root, 'copy', 'en', 'deeper'));
        writeFileSync(join(root, 'copy', 'en', 'deeper', 'x.yaml'), 'title: Hi\n');
      },
      join(fixturesDir, '_base'),
      fixtureRuntimeTexts,
    );
    expect(uncoded(result.diagnostics)).toEqual([]);
    expect(codesOf(result)).toEqual(['FL002', 'FL003', 'FL004', 'FL005', 'FL020']);
  });

  it('codes the mistakes of a funnel made from a template', { timeout: 60_000 }, () => {
    const instance = (lines: string, template = 'partner') => `version: 1\nuse: ${template}\nwith:\n${lines}`;
    const result = checkTemp((root) => {
      writeFileSync(join(root, 'funnels', 'acme.yaml'), instance('  id: acme\n  nmae: Acme\n  trialDays: seven\n'));
      writeFileSync(join(root, 'funnels', 'zeta.yaml'), instance('  id: zeta\n'));
      writeFileSync(join(root, 'funnels', 'beta.yaml'), instance('  id: beta\n', 'partnr'));
      writeFileSync(join(root, 'funnels', 'gamma.yaml'), 'version: 1\nuse: partner\nscreens: []\n');
    }, projectRoot);
    expect(uncoded(result.diagnostics)).toEqual([]);
    expect(codesOf(result)).toEqual(['FL203', 'FL204', 'FL205', 'FL206', 'FL207']);
  });

  it('prints the code and the page of each problem when asked, and only then', () => {
    const { result, report } = checkCase('unknown-block-type');
    expect(report).not.toMatch(/FL\d{3}|errors\.md/);
    const withCodes = formatReport(result.diagnostics, result.files, { codes: true });
    expect(withCodes).toBe(text`
      funnels/case.yaml:9:15: error FL104: Unknown block type 'hedaing'. Did you mean 'heading'?
         8 |         text: main:home.title
      >  9 |       - type: hedaing
           |               ^^^^^^^
        10 |         text: main:home.login
        see docs/errors.md#fl104-unknown-value

      1 error in 7 files.
    `);
  });
});
