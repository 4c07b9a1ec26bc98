import { clientStateKeys } from '../../domain/clientState.ts';
import { sessionStorageKeys } from '../../domain/sessionKeys.ts';
import { factFamilies, fixedFacts } from '../../language/schema/conditions.ts';
import { paymentValueNames } from '../../language/schema/values.ts';
import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { type Check, type CheckContext, isRecord } from './context.ts';

/** The named families whose names are checked here (`form.` is checked in ./forms.ts). */
type Family = 'state' | 'storage' | 'flag' | 'error' | 'payment';

// `error.code` is refused, with the outcome names of its call, in ./outcomes.ts.
export const errorFields = ['message', 'outcome', 'messageKey', 'processorCode', 'todayCharge'];
const checkedFamilies: readonly string[] = ['state', 'storage', 'flag', 'error', 'payment'];

interface Unknown {
  message: string;
  suggestion?: string;
}

/** Is `name` a known name of the family? Returns what to say when it is not. */
function unknownName(ctx: CheckContext, family: Family, name: string): Unknown | undefined {
  switch (family) {
    case 'state': {
      const key = name.split('.')[0]!;
      if ((clientStateKeys as string[]).includes(key)) return undefined;
      const suggestion = closest(key, clientStateKeys);
      return {
        message: `Unknown client-state key '${key}'.${suggestion ? '' : ' The client-state keys are listed in src/domain/clientState.ts.'}`,
        ...(suggestion ? { suggestion } : {}),
      };
    }
    case 'storage': {
      const key = name.split('.')[0]!;
      if ((sessionStorageKeys as readonly string[]).includes(key)) return undefined;
      const suggestion = closest(key, sessionStorageKeys);
      const known = suggestion ? '' : ` The session-storage keys are: ${sessionStorageKeys.join(', ')}.`;
      return {
        message: `Unknown session-storage key '${key}'.${known}`,
        ...(suggestion ? { suggestion } : {}),
      };
    }
    case 'flag': {
      const flags = ctx.experiments?.flags;
      if (flags?.has(name) || ctx.broken.mentions(name)) return undefined;
      const unreadable = ctx.broken.configFiles.find((f) => /^flags:/m.test(f.text));
      if (!flags && unreadable) return { message: `Unknown flag '${name}': it is not in ${unreadable.relPath}.` };
      if (!flags)
        return { message: `Unknown flag '${name}': there is no experiments file (a file with 'flags:') in ${ctx.project.funnelsDir}/.` };
      const suggestion = closest(name, flags.keys());
      return {
        message: `Unknown flag '${name}'.${suggestion ? '' : ` Flags are defined in ${ctx.experiments!.file.relPath}.`}`,
        ...(suggestion ? { suggestion } : {}),
      };
    }
    case 'error': {
      if (errorFields.includes(name) || name === 'code') return undefined;
      const suggestion = closest(name, errorFields);
      return { message: `Unknown error field '${name}'. An error has: ${errorFields.join(', ')}.`, ...(suggestion ? { suggestion } : {}) };
    }
    case 'payment': {
      const key = name.split('.')[0]!;
      if ((paymentValueNames as readonly string[]).includes(key)) return undefined;
      const suggestion = closest(key, paymentValueNames);
      return {
        message: `Unknown payment field '${key}'. A payment has: ${paymentValueNames.join(', ')}.`,
        ...(suggestion ? { suggestion } : {}),
      };
    }
  }
}

/** A variant test on a flag: `equals:` / `in:` must name variants of that flag. */
function checkVariants(
  ctx: CheckContext,
  file: ConfigFile,
  path: YamlPath,
  flag: string,
  condition: Record<string, unknown>,
  out: Diagnostic[],
) {
  const variants = ctx.experiments?.flags.get(flag)?.variants;
  if (!variants) return;
  const tested: [unknown, YamlPath][] = [];
  if (condition.equals !== undefined) tested.push([condition.equals, [...path, 'equals']]);
  if (Array.isArray(condition.in))
    condition.in.forEach((v, i) => {
      tested.push([v, [...path, 'in', i]]);
    });
  for (const [value, at] of tested) {
    if (typeof value === 'string' && variants.includes(value)) continue;
    const suggestion = typeof value === 'string' ? closest(value, variants) : undefined;
    out.push(
      error(
        file.relPath,
        at,
        `Flag '${flag}' has no variant ${typeof value === 'string' ? `'${value}'` : String(value)}. ` +
          `Its variants are: ${variants.join(', ')}.`,
        { suggestion, code: 'FL402' },
      ),
    );
  }
}

// `payment.*` is known only in a payment block's actions (./payments.ts), so it is not offered everywhere.
const familyList = factFamilies
  .filter((f) => f !== 'payment')
  .map((f) => `${f}.<name>`)
  .join(', ');

/** `fact:` names in conditions: a fixed fact, or `family.name` with a known name. */
export const checkFacts: Check = (ctx) => {
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    if (!node.roles.has('fact') || !isRecord(node.data) || typeof node.data.fact !== 'string') continue;
    const fact = node.data.fact;
    const at = [...node.path, 'fact'];
    if ((fixedFacts as readonly string[]).includes(fact)) continue;
    const dot = fact.indexOf('.');
    const family = dot < 0 ? fact : fact.slice(0, dot);
    const name = dot < 0 ? '' : fact.slice(dot + 1);
    if ((factFamilies as readonly string[]).includes(family)) {
      if (name === '') {
        out.push(error(file.relPath, at, `The fact '${fact}' needs a name after '${family}.', like ${family}.<name>.`));
        continue;
      }
      if (checkedFamilies.includes(family)) {
        const unknown = unknownName(ctx, family as Family, name);
        if (unknown)
          out.push(error(file.relPath, at, unknown.message, { suggestion: unknown.suggestion && `${family}.${unknown.suggestion}` }));
        else if (family === 'flag') checkVariants(ctx, file, node.path, name, node.data, out);
      }
      continue;
    }
    const closeFamily = name !== '' ? closest(family, factFamilies) : undefined;
    const suggestion = closest(fact, fixedFacts) ?? (closeFamily && `${closeFamily}.${name}`);
    const list = suggestion ? '' : ` A fact is one of ${fixedFacts.join(', ')}, or ${familyList}.`;
    out.push(error(file.relPath, at, `Unknown fact '${fact}'.${list}`, { suggestion }));
  }
  return out;
};

/** `{ state: k }`, `{ storage: k }`, `{ flag: f }`, `{ payment: p }` values, `set`/`clear` actions and `{ state: k }` targets. */
export const checkStoreNames: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const check = (file: ConfigFile, path: YamlPath, family: Family, name: unknown) => {
    if (typeof name !== 'string' || name === '') return;
    const unknown = unknownName(ctx, family, name);
    if (unknown) out.push(error(file.relPath, path, unknown.message, { suggestion: unknown.suggestion }));
  };
  for (const { file, node } of ctx.nodes) {
    if (!isRecord(node.data)) continue;
    const branch = node.union?.branch;
    if (node.roles.has('valueSource') && (branch === 'state' || branch === 'storage' || branch === 'flag' || branch === 'payment'))
      check(file, [...node.path, branch], branch, node.data[branch]);
    if (node.roles.has('action') && (branch === 'set' || branch === 'clear')) {
      check(file, [...node.path, 'state'], 'state', node.data.state);
      check(file, [...node.path, 'storage'], 'storage', node.data.storage);
    }
    if (node.roles.has('target') && branch === 'state') check(file, [...node.path, 'state'], 'state', node.data.state);
  }
  return out;
};
