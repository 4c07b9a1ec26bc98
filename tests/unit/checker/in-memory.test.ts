/**
 * The check of a project's files held in memory (as the server keeps a release) says exactly what
 * the check of the same files on disk says: same diagnostics, same files, same compiled output.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { type CheckOptions, type CheckResult, checkAndCompile, createCheckCache } from '../../../src/compiler/compile.ts';
import { loadProject } from '../../../src/compiler/load.ts';
import { readProjectFiles } from '../../../src/compiler/projectFiles.ts';
import { fixtureRuntimeTexts, fixturesDir, projectRoot } from './helpers.ts';

const folders = { funnelsDir: 'funnels', copyDir: 'copy', blocks };
const temporary: string[] = [];
afterAll(() => {
  for (const root of temporary) rmSync(root, { recursive: true, force: true });
});

/** A temporary project: the given folders copied over each other, in order, then the given files. */
function project(layers: string[], files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'in-memory-'));
  temporary.push(root);
  for (const layer of layers) cpSync(layer, root, { recursive: true, filter: (src) => !src.endsWith('README.md') });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** What a caller sees of a check. */
const seen = (result: CheckResult) => ({
  diagnostics: result.diagnostics,
  files: result.files.map(({ relPath, absPath, text, parsed, data }) => ({ relPath, absPath, text, parsed, data })),
  compiled: result.compiled,
});

function expectSameThroughBoth(options: CheckOptions & { files?: never }, fromDisk = checkAndCompile(options)): CheckResult {
  const files = readProjectFiles(options);
  const fromMemory = checkAndCompile({ ...options, files });
  expect(seen(fromMemory)).toEqual(seen(fromDisk));
  return fromDisk;
}

/** The check of this repository's funnels and copy on disk (once: it takes seconds). */
let repository: CheckResult | undefined;
const repositoryOnDisk = () => (repository ??= checkAndCompile({ root: projectRoot, ...folders }));

describe('a check of files in memory', { timeout: 60_000 }, () => {
  it("says what the check of the repository's own funnels and copy says", () => {
    const result = expectSameThroughBoth({ root: projectRoot, ...folders }, repositoryOnDisk());
    expect(result.compiled).toBeDefined();
    expect(Object.keys(result.compiled!.screens).length).toBeGreaterThan(10);
  });

  it("says what the check of the repository with the marketers' funnels added says", () => {
    const root = project([]);
    cpSync(join(projectRoot, 'funnels'), join(root, 'funnels'), { recursive: true });
    cpSync(join(projectRoot, 'copy'), join(root, 'copy'), { recursive: true });
    cpSync(join(projectRoot, 'tests/fixtures/marketers'), root, { recursive: true });
    expect(expectSameThroughBoth({ root, ...folders }).compiled).toBeDefined();
  });

  it('says what the check on disk says for every case of tests/fixtures/checker and for the map fixture', () => {
    const cases = readdirSync(fixturesDir).filter((name) => name !== '_base');
    const withErrors = cases.filter((name) => {
      const root = project([join(fixturesDir, '_base'), join(fixturesDir, name)]);
      return !expectSameThroughBoth({ root, ...folders, runtimeTexts: fixtureRuntimeTexts }).compiled;
    });
    expect(withErrors.length).toBeGreaterThan(20);
    const map = project([join(fixturesDir, '_base'), join(projectRoot, 'tests/fixtures/map')]);
    expect(expectSameThroughBoth({ root: map, ...folders, runtimeTexts: fixtureRuntimeTexts }).compiled).toBeDefined();
  });

  it('finds files in the order a folder walk finds them, and reports .yml files, misplaced copy and a missing folder alike', () => {
    const root = project([join(fixturesDir, '_base')], {
      'funnels/a-b/second.yaml': 'version: 1\nfunnel: second\n',
      'funnels/a/first.yaml': 'version: 1\nfunnel: first\n',
      'funnels/old.yml': 'version: 1\n',
      'copy/en/deeper/login.yaml': 'title: Hello\n',
    });
    const result = expectSameThroughBoth({ root, ...folders, runtimeTexts: fixtureRuntimeTexts });
    const paths = result.files.map((f) => f.relPath);
    expect(paths.indexOf('funnels/a/first.yaml')).toBeLessThan(paths.indexOf('funnels/a-b/second.yaml'));
    expect(result.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['FL002', 'FL003']));
    const missing = expectSameThroughBoth({
      root,
      funnelsDir: 'funnels',
      copyDir: 'no-copy-here',
      blocks,
      runtimeTexts: fixtureRuntimeTexts,
    });
    expect(missing.diagnostics.map((d) => d.code)).toContain('FL001');
  });

  it('reads nothing from disk: the root need not exist', () => {
    const files = readProjectFiles({ root: projectRoot, ...folders });
    expect(Object.keys(files)).toContain('funnels/app.yaml');
    expect(Object.keys(files)).toContain('copy/en/common.yaml');
    const nowhere = join(tmpdir(), 'in-memory-no-such-project');
    const result = checkAndCompile({ root: nowhere, ...folders, files });
    const fromDisk = repositoryOnDisk();
    expect(result.diagnostics).toEqual(fromDisk.diagnostics);
    expect(result.compiled).toEqual(fromDisk.compiled);
    expect(result.files.map((f) => f.relPath)).toEqual(fromDisk.files.map((f) => f.relPath));
  });

  it('keeps files the caller changes apart from the cached ones (the cache knows a file by its path and text)', () => {
    const files = readProjectFiles({ root: projectRoot, ...folders });
    const cache = createCheckCache();
    expect(checkAndCompile({ root: projectRoot, ...folders, files, cache }).compiled).toBeDefined();
    const broken = { ...files, 'funnels/app.yaml': `${files['funnels/app.yaml']}\n  : [\n` };
    const second = checkAndCompile({ root: projectRoot, ...folders, files: broken, cache });
    expect(second.compiled).toBeUndefined();
    expect(second.diagnostics.find((d) => d.file === 'funnels/app.yaml')?.code).toBe('FL010');
    const third = checkAndCompile({ root: projectRoot, ...folders, files, cache });
    expect(third.compiled).toEqual(repositoryOnDisk().compiled);
  });

  it('loads only the files it is given', () => {
    const files = { 'funnels/app.yaml': 'version: 1\napp: {}\n', 'notes/x.yaml': 'a: 1\n' };
    const project = loadProject({ root: projectRoot, ...folders, files });
    expect(project.configFiles.map((f) => f.relPath)).toEqual(['funnels/app.yaml']);
    expect(project.copyFiles).toEqual([]);
    expect(project.diagnostics.map((d) => d.message)).toEqual(['The copy folder copy/ does not exist.']);
  });
});
