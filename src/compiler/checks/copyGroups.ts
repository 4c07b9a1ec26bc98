import { schemaInfo } from '../../language/schema/roles.ts';
import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { type Check, type CheckContext, isCopyKey } from './context.ts';
import { splitKey } from './copyIndex.ts';
import { joinAnd } from './copyKeys.ts';

export interface CopyGroupUse {
  file: ConfigFile;
  path: YamlPath;
  group: string;
  /** The keys the group must have (from the schema: the component reads them by themselves). */
  keys: readonly string[];
}

/** Every well-formed copy group named in config (`copy: payment:checkout`, `textFrom.group`...). */
export function copyGroupUses(ctx: CheckContext): CopyGroupUse[] {
  return ctx.nodes
    .filter(({ node }) => node.roles.has('copyGroup') && isCopyKey(node.data))
    .map(({ file, node }) => ({ file, path: node.path, group: node.data as string, keys: schemaInfo.get(node.schema)?.keys ?? [] }));
}

const copyPath = (ctx: CheckContext, locale: string, namespace: string) => `${ctx.project.copyDir}/${locale}/${namespace}.yaml`;

/**
 * A copy group named in config exists in every locale, and has every key its place needs
 * (a block that reads `payment:checkout.submit` by itself needs `submit` in the group it is
 * given). Missing keys are listed together, per locale, at the use.
 */
export const checkCopyGroups: Check = (ctx) => {
  if (ctx.copy.locales.length === 0) return [];
  const out: Diagnostic[] = [];
  for (const use of copyGroupUses(ctx)) {
    const { namespace } = splitKey(use.group);
    // Other languages fall back to the source's texts (src/compiler/checks/translations.ts warns).
    for (const locale of [ctx.copy.source]) {
      if (ctx.broken.copyNamespace(locale, namespace)) continue;
      const file = copyPath(ctx, locale, namespace);
      if (!ctx.copy.hasGroup(locale, use.group)) {
        const groups = [
          ...new Set(
            ctx.copy
              .keys(locale)
              .map((k) => k.slice(0, k.lastIndexOf('.')))
              .filter((g) => g.includes(':')),
          ),
        ];
        const suggestion = closest(use.group, groups);
        const where = ctx.copy.file(locale, namespace)
          ? `it has no texts under '${splitKey(use.group).name}' in ${file}`
          : `there is no copy file ${file}`;
        out.push(error(use.file.relPath, use.path, `Unknown copy group '${use.group}': ${where}.`, { suggestion }));
        continue;
      }
      const missing = use.keys.filter((k) => ctx.copy.get(locale, `${use.group}.${k}`) === undefined);
      if (missing.length === 0) continue;
      out.push(
        error(
          use.file.relPath,
          use.path,
          `The copy group '${use.group}' lacks ${missing.length === 1 ? 'a text' : 'texts'} ` +
            `this block reads: ${joinAnd(missing.map((k) => `'${k}'`))}. ` +
            `Add ${missing.length === 1 ? 'it' : 'them'} under '${splitKey(use.group).name}:' in ${file}.`,
          { code: 'FL505' },
        ),
      );
    }
  }
  return out;
};
