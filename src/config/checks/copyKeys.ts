import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { closest } from '../suggest.ts';
import { type Check, type CheckContext, isCopyKey } from './context.ts';
import { closestCopyKey, splitKey } from './copyIndex.ts';

export interface CopyUse {
  file: ConfigFile;
  path: YamlPath;
  key: string;
}

/** Every well-formed copy key written in config, wherever its schema says a copy key goes. */
export function copyUses(ctx: CheckContext): CopyUse[] {
  return ctx.nodes
    .filter(({ node }) => node.roles.has('copyKey') && isCopyKey(node.data))
    .map(({ file, node }) => ({ file, path: node.path, key: node.data as string }));
}

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
 * text not translated yet (src/config/checks/translations.ts: a warning).
 */
export const checkCopyKeysExist: Check = (ctx) => {
  if (ctx.copy.locales.length === 0) return [];
  const out: Diagnostic[] = [];
  const translationReported = new Set<string>();
  for (const use of copyUses(ctx)) {
    const missing = missingIn(ctx, use.key);
    if (missing.length === 0) continue;
    const { namespace } = splitKey(use.key);
    const files = missing.map((locale) => copyPath(ctx, locale, namespace));
    const anywhere = ctx.copy.locales.some((locale) => ctx.copy.get(locale, use.key) !== undefined);
    if (!anywhere) {
      const hasNamespace = ctx.copy.locales.some((locale) => ctx.copy.file(locale, namespace) !== undefined);
      const source = ctx.copy.source;
      const suggestion = closestCopyKey(use.key, ctx.copy.keys(source));
      const where = hasNamespace ? `it is not in ${joinAnd(files)}` : `there is no copy file ${joinAnd(files)}`;
      out.push(
        error(use.file.relPath, use.path, `Unknown copy key '${use.key}': ${where}.${suggestion ? '' : ' Add it there.'}`, { suggestion }),
      );
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
        { code: 'FL503' },
      ),
    );
  }
  return out;
};

/** Keys the app uses by itself (the shell, blocks, validation rules) exist in the source locale. */
export const checkRuntimeCopyKeys: Check = (ctx) => {
  if (ctx.copy.locales.length === 0) return [];
  const out: Diagnostic[] = [];
  for (const key of ctx.runtimeCopyKeys) {
    const missing = missingIn(ctx, key).filter((locale) => locale === ctx.copy.source);
    if (missing.length === 0) continue;
    const { namespace } = splitKey(key);
    const files = missing.map((locale) => copyPath(ctx, locale, namespace));
    const what = key.endsWith('.*') ? `The copy group '${key.slice(0, -2)}'` : `Copy key '${key}'`;
    const message =
      `${what} is shown by the app itself (its header, footer, error pages, plan cards or form messages) ` +
      `but has no text in ${joinAnd(files)}. Add it there.`;
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
