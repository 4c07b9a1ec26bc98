import type { z } from 'zod';
import { ownerPhrase } from '../describe.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { defOf, unwrap, type WalkNode } from '../schemaWalk.ts';
import { locate } from '../yamlPath.ts';
import { type Check, isRecord } from './context.ts';

/**
 * Indentation slips the schemas cannot refuse, because the key lands where it is allowed
 * (the ones landing where it is not are reported by src/compiler/validate.ts, and in `input:`
 * by ./callInputs.ts):
 * - a call's `catch:` indented into the call that ends its `then:`: it then handles the inner
 *   call's failure only, and the outer one fails with the generic message;
 * - an on/off or number option (`replace: true`, `keepQuery: true`, `delayMs: 500`) indented
 *   into the `query:` / `props:` / `params:` of its own action, where it becomes a parameter.
 */
export const checkIndentSlips: Check = (ctx) => {
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    if (!isRecord(node.data)) continue;
    const slip = slippedCatch(node);
    if (slip) {
      const range = locate(file.doc, [...node.path, 'then'], 'key');
      const line = range ? ` on line ${file.lineCounter.linePos(range[0]).line}` : '';
      out.push(
        error(
          file.relPath,
          [...node.path, 'then', slip.index, 'catch'],
          `This 'catch:' handles only a failure of ${slip.inner}; ${slip.outer} above has none, so it looks like ` +
            `its 'catch:' indented too far. Move it left to line up with 'then:'${line}. ` +
            `If both are to handle a failure, give ${slip.outer} its own 'catch:'.`,
          { at: 'key' },
        ),
      );
    }
    out.push(...optionsInMaps(file, node));
  }
  return out;
};

const callWords = (action: Record<string, unknown>) => (action.do === 'login' ? 'the login' : `the call of ${String(action.fn)}`);

/**
 * A call or login without `catch:` whose `then:` ends with a call or login whose last key is
 * `catch:` — unless that `catch:` does what its own `then:` does: "go on whether it worked or
 * not" belongs to the inner call (the CRM update after a purchase).
 */
function slippedCatch(node: WalkNode): { index: number; inner: string; outer: string } | undefined {
  const action = node.data as Record<string, unknown>;
  if (!node.roles.has('action') || (action.do !== 'call' && action.do !== 'login') || 'catch' in action) return undefined;
  if (!Array.isArray(action.then) || action.then.length === 0) return undefined;
  const index = action.then.length - 1;
  const last: unknown = action.then[index];
  if (!isRecord(last) || (last.do !== 'call' && last.do !== 'login') || Object.keys(last).at(-1) !== 'catch') return undefined;
  if (JSON.stringify(last.catch) === JSON.stringify(last.then)) return undefined;
  const inner = last.do === 'login' ? 'the login' : String(last.fn);
  return { index, inner, outer: callWords(action) };
}

/** Per object schema: its keys holding an open map (`query:`, `params:`...). */
const mapKeysCache = new WeakMap<object, string[]>();
function mapKeysOf(shape: Record<string, z.ZodType>): string[] {
  let keys = mapKeysCache.get(shape);
  if (!keys) {
    keys = Object.keys(shape).filter((k) => defOf(unwrap(shape[k]!).schema).type === 'record');
    mapKeysCache.set(shape, keys);
  }
  return keys;
}

/** Keys that take true/false or a number: not plausible as a query parameter or a text's param. */
function optionsInMaps(file: ConfigFile, node: WalkNode): Diagnostic[] {
  const data = node.data as Record<string, unknown>;
  const shape = defOf(node.schema).shape;
  if (!shape) return [];
  const out: Diagnostic[] = [];
  for (const mapKey of mapKeysOf(shape)) {
    const map = data[mapKey];
    // `input:` is closed by the contract (./callInputs.ts).
    if (mapKey === 'input' || !isRecord(map)) continue;
    for (const [key, value] of Object.entries(map)) {
      const own = shape[key];
      if (!own || key in data) continue;
      const type = defOf(unwrap(own).schema).type;
      if (!((type === 'boolean' && typeof value === 'boolean') || (type === 'number' && typeof value === 'number'))) continue;
      const owner = ownerPhrase(node.path, data, file.kind ?? 'funnel').replace(/^an? /, 'the ');
      out.push(
        error(
          file.relPath,
          [...node.path, mapKey, key],
          `'${key}' is not an entry of '${mapKey}:': it looks like an option of ${owner} indented too far. ` +
            `Move it left to line up with '${mapKey}:'.`,
          { at: 'key' },
        ),
      );
    }
  }
  return out;
}
