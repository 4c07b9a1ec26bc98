import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { type Check, type CheckContext, isCopyKey, isRecord } from './context.ts';
import { closestCopyKey, splitKey } from './copyIndex.ts';

export interface CopyUse {
  file: ConfigFile;
  path: YamlPath;
  key: string;
  /** A key of app.yaml's `shellTexts:` (reported at the key). */
  shell?: true;
}

/** Every well-formed copy key written in config, wherever its schema says a copy key goes. */
export function copyUses(ctx: CheckContext): CopyUse[] {
  return ctx.nodes
    .filter(({ node }) => node.roles.has('copyKey') && isCopyKey(node.data))
    .map(({ file, node }) => ({ file, path: node.path, key: node.data as string }));
}

/** The keys of app.yaml's `shellTexts:`, each at its line. */
function shellTextUses(ctx: CheckContext): CopyUse[] {
  const app = ctx.app;
  if (!app) return [];
  return Object.keys(ctx.shellTexts).map((key) => ({ file: app.file, path: ['app', 'shellTexts', key], key, shell: true }));
}

const listOf = (fills: readonly string[]) => `[${fills.join(', ')}]`;

export const copyPath = (ctx: CheckContext, locale: string, namespace: string) => `${ctx.project.copyDir}/${locale}/${namespace}.yaml`;

/** Locales that lack `key`, leaving out namespaces whose file could not be parsed. */
function missingIn(ctx: CheckContext, key: string): string[] {
  const { namespace, name } = splitKey(key);
  return ctx.copy.locales.filter((locale) => {
    if (ctx.broken.copyNamespace(locale, namespace)) return false;
    return name.endsWith('.*') ? !ctx.copy.hasGroup(locale, key.slice(0, -2)) : ctx.copy.get(locale, key) === undefined;
  });
}

export const joinAnd = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * Every copy key named in config exists in the source locale. A key found in no locale is
 * reported at each place it is used (probably a typo there); a key other languages have but the
 * source lacks is reported once, where it is first used. A key only other languages lack is a
 * text not translated yet (src/compiler/checks/translations.ts: a warning).
 */
export const checkCopyKeysExist: Check = (ctx) => {
  if (ctx.copy.locales.length === 0) return [];
  const out: Diagnostic[] = [];
  const translationReported = new Set<string>();
  for (const use of [...copyUses(ctx), ...shellTextUses(ctx)]) {
    const missing = missingIn(ctx, use.key);
    const at = use.shell ? { at: 'key' as const } : {};
    // A text the shell's components name cannot be renamed: its text is what is missing.
    const required = use.shell && Object.hasOwn(ctx.code.requiredShell, use.key);
    if (missing.length === 0) continue;
    const { namespace } = splitKey(use.key);
    const files = missing.map((locale) => copyPath(ctx, locale, namespace));
    const anywhere = ctx.copy.locales.some((locale) => ctx.copy.get(locale, use.key) !== undefined);
    if (!anywhere) {
      const hasNamespace = ctx.copy.locales.some((locale) => ctx.copy.file(locale, namespace) !== undefined);
      const source = ctx.copy.source;
      const suggestion = required ? undefined : closestCopyKey(use.key, ctx.copy.keys(source));
      const where = hasNamespace ? `it is not in ${joinAnd(files)}` : `there is no copy file ${joinAnd(files)}`;
      const fix = required ? ' The app shell shows it by itself: add its text there.' : suggestion ? '' : ' Add it there.';
      out.push(error(use.file.relPath, use.path, `Unknown copy key '${use.key}': ${where}.${fix}`, { suggestion, ...at }));
      continue;
    }
    if (!missing.includes(ctx.copy.source) || translationReported.has(use.key)) continue;
    translationReported.add(use.key);
    const present = ctx.copy.locales.filter((l) => !missing.includes(l));
    let hint = '';
    if (missing.length === 1) {
      const { name } = splitKey(use.key);
      const near = closest(
        name,
        ctx.copy
          .keys(missing[0]!)
          .filter((k) => k.startsWith(`${namespace}:`))
          .map((k) => splitKey(k).name),
      );
      if (near !== undefined) hint = ` That file has '${near}': is it misspelt there?`;
    }
    out.push(
      error(
        use.file.relPath,
        use.path,
        `Copy key '${use.key}' has no ${joinAnd(missing)} text: ` +
          `it is missing in ${joinAnd(files)} ` +
          `(it is in ${joinAnd(present.map((l) => copyPath(ctx, l, namespace)))}). ` +
          `Add the translation there.${hint}`,
        { code: 'FL503', ...at },
      ),
    );
  }
  return out;
};

/**
 * Keys blocks and rules use by themselves (the plan cards, validation messages: derived in code,
 * not named in YAML) and the texts of the server's emails (src/compiler/emailTexts.ts) exist in the
 * source locale. The shell's, named in app.yaml's `shellTexts:`, are checked where they are
 * named, like any copy key.
 */
export const checkRuntimeCopyKeys: Check = (ctx) => {
  if (ctx.copy.locales.length === 0) return [];
  const out: Diagnostic[] = [];
  for (const key of [...Object.keys(ctx.code.derived), ...Object.keys(ctx.code.emails)]) {
    const missing = missingIn(ctx, key).filter((locale) => locale === ctx.copy.source);
    if (missing.length === 0) continue;
    const { namespace } = splitKey(key);
    const files = missing.map((locale) => copyPath(ctx, locale, namespace));
    const what = key.endsWith('.*') ? `The copy group '${key.slice(0, -2)}'` : `Copy key '${key}'`;
    const shownBy = Object.hasOwn(ctx.code.emails, key)
      ? 'is sent by the server in an email'
      : "is shown by the app itself (on the plan cards or as a form's message)";
    const message = `${what} ${shownBy} but has no text in ${joinAnd(files)}. Add it there.`;
    // Point at the group the key belongs in when the file has it, else at the file.
    const file = ctx.copy.file(missing[0]!, namespace);
    const groups = splitKey(key).name.split('.').slice(0, -1);
    const group = file?.parsed
      ? groups
          .map((_, i) => groups.slice(0, i + 1))
          .reverse()
          .find((path) => file.doc.hasIn(path))
      : undefined;
    if (file && group) out.push(error(file.relPath, group, message, { at: 'key' }));
    else out.push(error(file?.relPath ?? files[0]!, [], message, { at: 'file' }));
  }
  return out;
};

/**
 * app.yaml's `shellTexts:` declares every text the shell's components show by themselves, each
 * with the placeholders the component fills. Without `shellTexts:` at all, the schema says it is
 * missing.
 */
export const checkShellTexts: Check = (ctx) => {
  const declared = ctx.app?.data.shellTexts;
  if (!ctx.app || !isRecord(declared)) return [];
  const file = ctx.app.file.relPath;
  const out: Diagnostic[] = [];
  for (const [key, fills] of Object.entries(ctx.code.requiredShell)) {
    if (!Object.hasOwn(declared, key)) {
      out.push(
        error(
          file,
          ['app', 'shellTexts'],
          `The app shell shows '${key}' by itself: keep it in shellTexts: with its placeholders ${listOf(fills)}.`,
          {
            at: 'key',
          },
        ),
      );
      continue;
    }
    const given = ctx.shellTexts[key];
    if (given === undefined) continue; // malformed: the schema's error
    if (given.length === fills.length && fills.every((f) => given.includes(f))) continue;
    out.push(
      error(
        file,
        ['app', 'shellTexts', key],
        `The app shell shows '${key}' by itself with the placeholders ${listOf(fills)}: keep exactly these in shellTexts: ` +
          `(it lists ${listOf(given)}).`,
      ),
    );
  }
  return out;
};

/** app.defaultLocale has a copy folder. */
export const checkDefaultLocale: Check = (ctx) => {
  const locale = ctx.app?.data.defaultLocale;
  if (!ctx.app || typeof locale !== 'string' || ctx.copy.locales.length === 0 || ctx.copy.locales.includes(locale)) return [];
  return [
    error(
      ctx.app.file.relPath,
      ['app', 'defaultLocale'],
      `There is no copy folder ${ctx.project.copyDir}/${locale}/ for the default language '${locale}'.`,
      {
        suggestion: closest(locale, ctx.copy.locales),
      },
    ),
  ];
};
