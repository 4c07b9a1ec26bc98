/**
 * The default locale's copy reaches the browser in pieces (the shell's in the entry chunk, each
 * screen's in its chunk: src/compiler/copySplit.ts). These tests look for a text that would show
 * as its raw key because no piece carries it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { planCopyTexts } from '../../../src/blocks/plans/copyKeys.ts';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import type { CompiledCopy } from '../../../src/compiler/compiled.ts';
import { derivedTexts as derivedTextsOf, requiredShellTexts, shellTextsOf } from '../../../src/compiler/runtimeTexts.ts';
import { blockTypesIn } from '../../../src/language/blockTypesIn.ts';
import { createCopy } from '../../../src/runtime/copy.ts';

const derivedTexts = derivedTextsOf(blocks);

const root = path.resolve(import.meta.dirname, '../../..');
const COPY_KEY = /^[a-z][A-Za-z0-9-]*:[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The shell texts funnels/app.yaml declares (`shellTexts:`). */
const declared = shellTextsOf((parse(readFileSync(path.join(root, 'funnels/app.yaml'), 'utf8')) as { app: unknown }).app);

describe('copy keys the components name themselves', () => {
  const found = new Map<string, string>();
  for (const file of [...sources(path.join(root, 'src/runtime')), ...sources(path.join(root, 'src/blocks'))]) {
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(/(['"`])([^'"`\s]+)\1/g)) if (COPY_KEY.test(m[2]!)) found.set(m[2]!, path.relative(root, file));
  }

  test("every copy-key literal in src/runtime and src/blocks is in app.yaml's shellTexts: or derived from a block or rule", () => {
    expect(found.size).toBeGreaterThan(0);
    const known = new Set([...Object.keys(declared), ...Object.keys(derivedTexts)]);
    const missing = [...found].filter(([key]) => !known.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  test('the shell texts the checker requires (requiredShellTexts) are those the components name, declared alike in app.yaml', () => {
    const shellKeys = [...found.keys()].filter((key) => !Object.hasOwn(derivedTexts, key)).sort();
    expect(Object.keys(requiredShellTexts).sort()).toEqual(shellKeys);
    for (const [key, fills] of Object.entries(requiredShellTexts))
      expect([...(declared[key] ?? [])].sort(), key).toEqual([...fills].sort());
  });
});

describe('every screen of the real config has its copy', () => {
  const { compiled, diagnostics } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
  if (!compiled) throw new Error(`The funnel config has errors:\n${diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n')}`);
  const whole = compiled.copy[compiled.defaultLocale]!;
  const has = (copy: CompiledCopy, key: string) => {
    const colon = key.indexOf(':');
    return copy[key.slice(0, colon)]?.[key.slice(colon + 1)] !== undefined;
  };

  /**
   * Every copy key a screen's data mentions, found without the schema walk the build uses: any
   * copy-key-like text, and rules' default messages.
   */
  function mentioned(value: unknown, into = new Set<string>()): Set<string> {
    if (typeof value === 'string') {
      if (COPY_KEY.test(value) && has(whole, value)) into.add(value);
    } else if (Array.isArray(value)) {
      for (const v of value) mentioned(v, into);
    } else if (value !== null && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.rule === 'string' && o.message === undefined) into.add(`validation:${o.rule}`);
      for (const v of Object.values(o)) mentioned(v, into);
    }
    return into;
  }

  const full = createCopy(compiled.defaultLocale, whole, async () => ({})).t.get();
  // Validation messages travel with the screens whose rules use them (found by `mentioned`); the
  // plan texts with the screens that show a block showing them.
  const planKeys = Object.keys(planCopyTexts).flatMap((key) => {
    if (!key.endsWith('.*')) return [key];
    const prefix = key.slice('plans:'.length, -1);
    return Object.keys(whole.plans ?? {})
      .filter((k) => k.startsWith(prefix))
      .map((k) => `plans:${k}`);
  });
  const shellRuntimeKeys = [...Object.keys(declared), ...Object.keys(derivedTexts)].filter(
    (k) => !k.startsWith('validation:') && !Object.hasOwn(planCopyTexts, k),
  );
  /** The blocks whose definition says they show the plan texts. */
  const planTextBlocks = blocks.filter((b) => b.texts === planCopyTexts).map((b) => b.type);
  const showsPlanTexts = (screen: unknown) => planTextBlocks.some((type) => blockTypesIn(screen).has(type));

  test.each(Object.keys(compiled.screens))('%s: its texts read the same with the shell’s copy and its own as with all the copy', (id) => {
    const copy = createCopy(compiled.defaultLocale, compiled.shellCopy, async () => ({}));
    copy.add(compiled.screenCopy[id]!);
    const t = copy.t.get();
    const keys = [
      ...mentioned(compiled.screens[id]),
      ...mentioned(compiled.config.app),
      ...shellRuntimeKeys,
      ...(showsPlanTexts(compiled.screens[id]) ? planKeys : []),
    ];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(t(key), key).toBe(full(key));
  });

  test('the blocks that show plan names or cards are those whose screens get the plan texts (`texts: planCopyTexts`)', () => {
    // The browser's code of a block (its schema.ts is the checker's, and names copy groups in its descriptions).
    const usesPlanTexts = (dir: string) =>
      sources(dir)
        .filter((file) => path.basename(file) !== 'schema.ts')
        .some((file) => /plans\/(planName|cards)\.ts|planView\.ts|['"`]plans:/.test(readFileSync(file, 'utf8')));
    const blocksDir = path.join(root, 'src/blocks');
    const using = readdirSync(blocksDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && usesPlanTexts(path.join(blocksDir, e.name)))
      .map((e) => e.name);
    expect(using.sort()).toEqual([...planTextBlocks].sort());
    expect(planKeys.length).toBeGreaterThan(20);
  });

  test('the shell alone reads app.yaml’s texts and the runtime’s own', () => {
    const t = createCopy(compiled.defaultLocale, compiled.shellCopy, async () => ({})).t.get();
    for (const key of [...mentioned(compiled.config.app), ...shellRuntimeKeys]) expect(t(key), key).toBe(full(key));
    // A screen's text is not there until its chunk comes (i18next answers the bare key).
    expect(full('account:login.heading')).toBe('Log into your account');
    expect(t('account:login.heading')).toBe('login.heading');
  });
});
