/**
 * Funnel templates (funnels/templates/*.yaml) and the funnels that use them: the repository's
 * partner template expanded for its four partners, and every mistake a marketer can make with
 * one reported at the instantiating line, or at the template line and the line that uses it.
 */

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import { projectRoot, text } from './helpers.ts';

/** The repository's funnels and copy in a temporary folder, with some files changed or added. */
function checkRepoWith(edits: Record<string, string | ((before: string) => string)>) {
  const root = mkdtempSync(join(tmpdir(), 'checker-templates-'));
  try {
    for (const dir of ['funnels', 'copy']) cpSync(join(projectRoot, dir), join(root, dir), { recursive: true });
    for (const [file, edit] of Object.entries(edits)) {
      const path = join(root, file);
      writeFileSync(path, typeof edit === 'string' ? edit : edit(readFileSync(path, 'utf8')));
    }
    const result = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    return {
      result,
      report: `${formatReport(errors, result.files)
        .replace(/\n[^\n]*\n$/, '')
        .trimEnd()}\n`,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const instance = (lines: string) => `version: 1\nuse: partner\nwith:\n${lines}`;

// Each case checks the whole repository's config: a few seconds on a busy machine.
describe('the partner template', { timeout: 60_000 }, () => {
  it('gives each partner funnel file its four screens and its own offer', () => {
    const { result } = checkRepoWith({});
    expect(result.compiled).toBeDefined();
    const screens = result.compiled!.screens;
    for (const id of ['gympass', 'wegrowsa', 'legovip', 'caprikon'])
      expect(
        ['Landing', 'Register', 'Payment', 'ThankYou'].map((s) => screens[`${id}${s}`]?.path),
        `${id}'s screens`,
      ).toEqual([`/${id}`, `/${id}-register`, `/${id}-payment`, `/${id}-thankyou`]);
    expect(screens.caprikonRegister!.funnel).toBe('caprikon');
    const file = result.files.find((f) => f.relPath === 'funnels/wegrowsa.yaml')!;
    expect((file.data as { offers: unknown[] }).offers).toEqual([
      expect.objectContaining({ id: 'wegrowsa_annual', price: 49.99, trialDurationDays: 7, partner: 'wegrowsa', tags: ['wegrowsa'] }),
    ]);
    expect((file.data as { partner: unknown }).partner).toEqual({ id: 'wegrowsa', name: 'WeGrow SA' });
  });

  it('reports an unknown, a missing and a mistyped parameter at the instantiating line', () => {
    const { report } = checkRepoWith({
      'funnels/acme.yaml': instance('  id: acme\n  nmae: Acme\n  trialDays: seven\n'),
      'funnels/zeta.yaml': instance('  id: zeta\n'),
    });
    expect(report).toBe(text`
      funnels/acme.yaml:5:3: error: The template 'partner' has no parameter 'nmae'. Did you mean 'name'?
        4 |   id: acme
      > 5 |   nmae: Acme
          |   ^^^^
        6 |   trialDays: seven

      funnels/acme.yaml:6:14: error: 'trialDays' (the free trial of the partner's plans, in days): \\
        Expected a number of days, like 30.
        5 |   nmae: Acme
      > 6 |   trialDays: seven
          |              ^^^^^

      funnels/zeta.yaml:3:1: error: The template 'partner' needs 'name:' under 'with:': the partner's name as people know it, like Acme Gym.
        2 | use: partner
      > 3 | with:
          | ^^^^
        4 |   id: zeta
    `);
  });

  it('suggests the template a misspelt `use:` meant', () => {
    const { report } = checkRepoWith({ 'funnels/acme.yaml': 'version: 1\nuse: partnr\nwith: { id: acme, name: Acme }\n' });
    expect(report).toContain("funnels/acme.yaml:2:6: error: There is no template 'partnr'. Did you mean 'partner'?");
  });

  it('reports a mistake inside the template once, at the template line and the line that uses it', () => {
    const { report } = checkRepoWith({
      'funnels/templates/partner.yaml': (t) => t.replace('        - type: heading\n', '        - type: hedaing\n'),
    });
    const line =
      readFileSync(join(projectRoot, 'funnels/templates/partner.yaml'), 'utf8').split('\n').indexOf('        - type: heading') + 1;
    expect(report).toBe(text`
      funnels/caprikon.yaml:4:6: error: Unknown block type 'hedaing'. \\
        (The same in funnels/gympass.yaml, funnels/legovip.yaml, funnels/wegrowsa.yaml.) Did you mean 'heading'?
        in the template it uses, at funnels/templates/partner.yaml:${line}:17:
        ${line - 1} |       blocks:
      > ${line} |         - type: hedaing
           |                 ^^^^^^^
        ${line + 1} |           text: \${id}:landing.heading
    `);
  });

  it('checks a template no funnel uses yet with sample values, at its own lines', () => {
    const partner = readFileSync(join(projectRoot, 'funnels/templates/partner.yaml'), 'utf8');
    const { report } = checkRepoWith({
      'funnels/templates/club.yaml': partner
        .replace('template: partner', 'template: club')
        .replace('- type: heading\n', '- type: hedaing\n'),
    });
    expect(report).toMatch(/^funnels\/templates\/club\.yaml:\d+:17: error: Unknown block type 'hedaing'\. /);
    expect(report).toContain("(No funnel uses this template yet; it was checked with sample values.) Did you mean 'heading'?");
  });

  it('reports a parameter the template uses but does not declare, with a suggestion', () => {
    const { report } = checkRepoWith({
      'funnels/templates/partner.yaml': (t) => t.replace('    name: ${name}\n', '    name: ${nmae}\n'),
    });
    expect(report).toMatch(/funnels\/templates\/partner\.yaml:\d+:11: error: '\$\{nmae\}' is not a parameter of this template\. /);
    expect(report).toContain("Declare it under 'params:' or fix the name. Did you mean '${name}'?");
  });

  it('reports a `$if:` that names no parameter, with a suggestion', () => {
    const { report } = checkRepoWith({
      'funnels/templates/partner.yaml': (t) => t.replace('    - $if: monthlyPrice\n', '    - $if: monthlyPrce\n'),
    });
    expect(report).toMatch(/^funnels\/templates\/partner\.yaml:\d+:12: error: '\$if: monthlyPrce' names no parameter of this template\. /);
    expect(report).toContain("Did you mean 'monthlyPrice'?");
  });

  it("says to quote a parameter written inside '{...}'", () => {
    const { report } = checkRepoWith({
      'funnels/templates/partner.yaml': (t) => t.replace("to: '/${id}-thankyou' }", 'to: /${id}-thankyou }'),
    });
    expect(report).toMatch(/a value with '\{' \(like a template's \$\{id\}\) must be in quotes: '\/\$\{id\}-payment'\./);
  });

  it('refuses a partner offer whose id the catalog already has', () => {
    const { report } = checkRepoWith({
      'funnels/annual.yaml': instance('  id: monthly\n  name: Monthly Club\n  annualPrice: 10\n'),
      'funnels/catalog.yaml': (c) => c.replace('    - id: annual\n', '    - id: monthly_annual\n'),
    });
    expect(report).toMatch(
      /funnels\/annual\.yaml:2:6: error: There is already an offer 'monthly_annual' \(funnels\/catalog\.yaml on line \d+\)\./,
    );
    expect(report).toMatch(/Choose another id\.\n {2}in the template it uses, at funnels\/templates\/partner\.yaml:\d+:11:/);
  });
});
