import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Document, parseDocument } from 'yaml';
import { blocks } from '../../../src/blocks/registry.ts';
import { emailTexts } from '../../../src/compiler/emailTexts.ts';
import { derivedTexts as derivedTextsOf, requiredShellTexts } from '../../../src/compiler/runtimeTexts.ts';
import { fixturesDir, projectRoot, text } from './helpers.ts';

const derivedTexts = derivedTextsOf(blocks);

const temp = mkdtempSync(join(tmpdir(), 'checker-cli-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/**
 * A copy of a complete fixture in which every text the app shows (or the server emails) by itself exists, and app.yaml
 * declares every shell text, so that a component adding a text to src/compiler/runtimeTexts.ts
 * does not break this test.
 */
function fixtureCopy(name: string, overlay?: string): string {
  const dir = join(temp, overlay ?? name);
  cpSync(join(fixturesDir, name), dir, { recursive: true });
  if (overlay) cpSync(join(fixturesDir, overlay), dir, { recursive: true });
  const appFile = join(dir, 'funnels', 'app.yaml');
  const app = parseDocument(readFileSync(appFile, 'utf8'));
  for (const [key, fills] of Object.entries(requiredShellTexts))
    if (!app.hasIn(['app', 'shellTexts', key])) app.setIn(['app', 'shellTexts', key], app.createNode([...fills], { flow: true }));
  writeFileSync(appFile, String(app));
  for (const key of [...Object.keys(requiredShellTexts), ...Object.keys(derivedTexts), ...Object.keys(emailTexts)]) {
    // A group (`ns:group.*`) needs one text under the group.
    const group = key.endsWith('.*');
    const [namespace, path] = (group ? key.slice(0, -2) : key).split(':') as [string, string];
    const file = join(dir, 'copy', 'en', `${namespace}.yaml`);
    const doc = existsSync(file) ? parseDocument(readFileSync(file, 'utf8')) : new Document({});
    if (doc.hasIn(path.split('.'))) continue;
    // With the placeholders the app fills, which the text may have.
    const fills = requiredShellTexts[key] ?? derivedTexts[key] ?? emailTexts[key] ?? [];
    doc.setIn(group ? [...path.split('.'), 'example'] : path.split('.'), [key, ...fills.map((f) => `{${f}}`)].join(' '));
    writeFileSync(file, String(doc));
  }
  return dir;
}

/** Config files of a fixture copy (funnels and copy): the runtime keys may have added copy files. */
const yamlFiles = (dir: string): number => readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.yaml')).length;

function runCheck(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync('npx', ['tsx', 'scripts/check.ts', ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { status: run.status, stdout: run.stdout };
}

// Each run starts a TypeScript process (a few seconds).
describe('npm run check (the CLI)', { timeout: 60_000 }, () => {
  it(
    'prints four file:line:col errors with their codes and suggestions for a misspelt route, ' +
      'an unknown block type, a missing copy key and a YAML syntax error, and exits 1',
    () => {
      const dir = fixtureCopy('four-errors');
      const { status, stdout } = runCheck(['--funnels', join(dir, 'funnels'), '--copy', join(dir, 'copy')]);
      expect(status).toBe(1);
      // Printed paths are relative to the project root.
      const prefix = `${relative(projectRoot, dir)}/`;
      expect(stdout.replaceAll(prefix, '<fixture>/')).toBe(text`
        <fixture>/funnels/account.yaml:8:15: error FL502: Unknown copy key 'account:titel': it is not in <fixture>/copy/en/account.yaml. \\
          Did you mean 'account:title'?
          7 |       - type: heading
        > 8 |         text: account:titel
            |               ^^^^^^^^^^^^^
          9 |       - type: text
          see docs/errors.md#fl502-unknown-copy-key

        <fixture>/funnels/home.yaml:11:13: error FL304: No screen or route rule has the path '/sigup'. Did you mean '/signup'?
          10 |         label: home:signup
        > 11 |         to: /sigup
             |             ^^^^^^
          12 |         style: button
          see docs/errors.md#fl304-unknown-path

        <fixture>/funnels/promo.yaml:8:15: error FL010: YAML syntax error: this quote is never closed. \\
          Add the closing quote at the end of the text.
          7 |       - type: heading
        > 8 |         text: "promo:title
            |               ^^^^^^^^^^^^
          9 |       - type: text
          see docs/errors.md#fl010-yaml-syntax-error

        <fixture>/funnels/signup.yaml:9:15: error FL104: Unknown block type 'hedaing'. Did you mean 'heading'?
           8 |         text: signup:title
        >  9 |       - type: hedaing
             |               ^^^^^^^
          10 |         text: signup:subtitle
          see docs/errors.md#fl104-unknown-value

        4 errors in ${yamlFiles(dir)} files.
      `);
      // home.yaml links to /promo, and the header too: /promo is defined in promo.yaml, which
      // cannot be parsed, so those links are not reported; nor are promo's copy keys "unused".
      expect(stdout).not.toContain("'/promo'");
      expect(stdout).not.toContain('warning');
    },
  );

  it('exits 0 on a valid project, also with warnings; FUNNELS_DIR and COPY_DIR name the folders', () => {
    const valid = fixtureCopy('_base');
    const clean = runCheck([], { FUNNELS_DIR: join(valid, 'funnels'), COPY_DIR: join(valid, 'copy') });
    expect(clean.stdout).toBe(`All ${yamlFiles(valid)} config files are valid.\n`);
    expect(clean.status).toBe(0);
    const withWarnings = fixtureCopy('_base', 'unused-copy');
    const warned = runCheck(['--funnels', join(withWarnings, 'funnels'), '--copy', join(withWarnings, 'copy')]);
    expect(warned.stdout).toMatch(/warning FL509: Copy key 'case:oldTitle' is not used/);
    expect(warned.stdout).toContain('  see docs/errors.md#fl509-unused-copy-key\n');
    expect(warned.stdout).toMatch(new RegExp(`All ${yamlFiles(withWarnings)} config files are valid, with 2 warnings\\.\\n$`));
    expect(warned.status).toBe(0);
  });

  it('rejects an unknown option with exit code 2', () => {
    expect(runCheck(['--funels', 'x']).status).toBe(2);
  });
});
