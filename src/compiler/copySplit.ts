import type { z } from 'zod';
import { blockTypesIn } from '../language/blockTypesIn.ts';
import { type Rule, rule } from '../language/schema/fields.ts';
import { outcomeNotification } from '../language/schema/outcomes.ts';
import { unionInfo } from '../language/schema/roles.ts';
import { defaultRuleMessages } from '../language/validationRules.ts';
import type { CompiledCopy } from './compiled.ts';
import type { ConfigSchemas } from './configSchemas.ts';
import type { YamlPath } from './diagnostic.ts';
import type { ConfigKind } from './load.ts';
import { unwrap, type WalkNode, walk } from './schemaWalk.ts';

/**
 * Which default-locale copy travels where (docs/decisions.md, "Runtime"):
 *
 * - the shell (the entry chunk): the keys of every config file that is not a funnel (app.yaml:
 *   header, footer, notifications, popup, loading, session watch, product name...) and the
 *   texts the app shows by itself (app.yaml's `shellTexts:`), except the validation rules'
 *   default messages, which go with the screens whose forms use them, and the plan texts
 *   (a block's `texts`, src/blocks/plans/copyKeys.ts), which go with the screens showing such a block;
 * - each screen (its own chunk): the keys its config names — blocks, variants, redirects,
 *   actions, fields, rules without a `message:` (their default message), and the keys of its
 *   funnel outside `screens:` (progress labels) — less what the shell already holds.
 *
 * Keys are found by the checker's schema walk (copy-key positions carry the `copyKey` role of
 * src/language/schema/roles.ts), so a new block or action with a copy key needs no change here.
 * `$t(ns:key)` nestings are followed; a runtime key `ns:group.*` takes the whole group.
 */
export interface CopySplit {
  shell: CompiledCopy;
  /** Screen id → its copy beyond the shell's. */
  screens: Record<string, CompiledCopy>;
}

export interface SplitInput {
  /** Every valid config file: its kind and its validated value. */
  files: { kind: ConfigKind; value: unknown }[];
  /** The default locale's copy, whole. */
  copy: CompiledCopy;
  /** The keys the app shows by itself (app.yaml's `shellTexts:` and the blocks' and rules' own). */
  runtimeKeys: readonly string[];
  /** Keys some blocks show by themselves: with each screen that has one of these blocks, not in the shell. */
  blockTexts?: readonly { blockTypes: readonly string[]; keys: readonly string[] }[];
  /** The schemas the files were validated with. */
  schemas: ConfigSchemas;
}

const ruleUnion = unionInfo.get(unwrap(rule).schema);
const ruleDefaults = new Set<string>(Object.values(defaultRuleMessages));
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every copy key shown by `data` (of `schema`), with where it sits. */
export function copyKeysIn(schema: z.ZodType, data: unknown, found: (key: string, path: YamlPath) => void): void {
  const visit = (node: WalkNode) => {
    if (node.roles.has('copyKey') && typeof node.data === 'string') found(node.data, node.path);
    // A copy group (`payment:declines`) brings all its texts (`payment:declines.*`).
    if (node.roles.has('copyGroup') && typeof node.data === 'string') found(`${node.data}.*`, node.path);
    // A rule without its own `message:` shows its default message.
    if (ruleUnion && node.union?.info === ruleUnion && isRecord(node.data) && node.data.message === undefined)
      found(defaultRuleMessages[node.union.branch as Rule['rule']], node.path);
    // What a call's failures show (src/compiler/outcomes.ts puts it there at build time).
    if (node.roles.has('action') && isRecord(node.data) && isRecord(node.data.outcomes))
      for (const [outcome, notification] of Object.entries(node.data.outcomes))
        if (notification) walk(outcomeNotification, notification, visit, [...node.path, 'outcomes', outcome]);
  };
  walk(schema, data, visit);
}

/** `copyKeysIn` a file's value, once per value (the dev server splits again at every save; unchanged files keep theirs). */
function copyKeysOf(schemas: ConfigSchemas, kind: ConfigKind, value: unknown): readonly { key: string; path: YamlPath }[] {
  const known = isRecord(value) ? keysByValue.get(value) : undefined;
  if (known) return known;
  const found: { key: string; path: YamlPath }[] = [];
  copyKeysIn(schemas.byKind[kind], value, (key, path) => found.push({ key, path }));
  if (isRecord(value)) keysByValue.set(value, found);
  return found;
}

const keysByValue = new WeakMap<object, { key: string; path: YamlPath }[]>();

export function splitCopy({ files, copy, runtimeKeys, blockTexts = [], schemas }: SplitInput): CopySplit {
  const withBlocks = new Set(blockTexts.flatMap((b) => b.keys));
  const shellKeys = new Set(runtimeKeys.filter((k) => !ruleDefaults.has(k) && !withBlocks.has(k)));
  const screenKeys = new Map<string, Set<string>>();
  for (const { kind, value } of files) {
    if (kind !== 'funnel') {
      for (const { key } of copyKeysOf(schemas, kind, value)) shellKeys.add(key);
      continue;
    }
    const screens = isRecord(value) && Array.isArray(value.screens) ? value.screens : [];
    const ids = screens.map((s) => (isRecord(s) && typeof s.id === 'string' ? s.id : undefined));
    for (const id of ids) if (id !== undefined && !screenKeys.has(id)) screenKeys.set(id, new Set());
    screens.forEach((screen, i) => {
      const id = ids[i];
      if (id === undefined) return;
      const shown = blockTypesIn(screen);
      for (const { blockTypes, keys } of blockTexts)
        if (blockTypes.some((type) => shown.has(type))) for (const key of keys) screenKeys.get(id)!.add(key);
    });
    for (const { key, path } of copyKeysOf(schemas, kind, value)) {
      // Under `screens: [i]`: that screen's; elsewhere in the funnel (progress labels): each of its screens'.
      const owners = path[0] === 'screens' && typeof path[1] === 'number' ? [ids[path[1]]] : ids;
      for (const id of owners) if (id !== undefined) screenKeys.get(id)!.add(key);
    }
  }

  const shell = withNested(shellKeys, copy);
  const out: CopySplit = { shell: pick(copy, shell), screens: {} };
  for (const [id, keys] of screenKeys)
    out.screens[id] = pick(
      copy,
      [...withNested(keys, copy)].filter((k) => !shell.has(k)),
    );
  return out;
}

const NESTING = /\$t\(\s*([^,)\s]+)/g;

/** The keys a text nests: `$t(common:productName)` → 'common:productName'; without a namespace, the text's own `ns`. */
export const nestedKeys = (text: string, ns: string): string[] =>
  [...text.matchAll(NESTING)].map((m) => (m[1]!.includes(':') ? m[1]! : `${ns}:${m[1]}`));

const split = (key: string) => {
  const colon = key.indexOf(':');
  return { ns: key.slice(0, colon), name: key.slice(colon + 1) };
};

/** The keys and, transitively, the keys their texts nest; `ns:group.*` becomes the group's keys. */
export function withNested(keys: Iterable<string>, copy: CompiledCopy): Set<string> {
  const out = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (out.has(key)) continue;
    const { ns, name } = split(key);
    if (name.endsWith('.*')) {
      const prefix = name.slice(0, -1);
      for (const k of Object.keys(copy[ns] ?? {})) if (k.startsWith(prefix)) queue.push(`${ns}:${k}`);
      continue;
    }
    out.add(key);
    const text = copy[ns]?.[name];
    if (text === undefined) continue;
    queue.push(...nestedKeys(text, ns));
  }
  return out;
}

/** The entries of `copy` named by `keys` (keys it does not have are left out). */
function pick(copy: CompiledCopy, keys: Iterable<string>): CompiledCopy {
  const out: CompiledCopy = {};
  for (const key of [...keys].sort()) {
    const { ns, name } = split(key);
    const text = copy[ns]?.[name];
    if (text === undefined) continue;
    out[ns] ??= {};
    out[ns][name] = text;
  }
  return out;
}
