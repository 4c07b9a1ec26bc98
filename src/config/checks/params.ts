import { error, type Diagnostic } from '../diagnostic.ts';
import { defOf } from '../schemaWalk.ts';
import { closest } from '../suggest.ts';
import { isCopyKey, isRecord, type Check } from './context.ts';
import { placeholders } from './copyIndex.ts';
import { joinAnd } from './copyKeys.ts';

/**
 * Where a block or action has both a copy `text:` and `params:` (heading, text, notice,
 * popup, notify...), `params:` gives a value for each `{placeholder}` of the text and
 * nothing else. Found by schema shape, so a new block with `text` + `params` is covered.
 */
export const checkParams: Check = (ctx) => {
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    const shape = defOf(node.schema).shape;
    if (!shape || !('params' in shape) || !('text' in shape) || !isRecord(node.data) || !isCopyKey(node.data.text)) continue;
    const key = node.data.text;
    const entry = ctx.copy.text(key);
    if (!entry?.text) continue;
    const needed = placeholders(entry.text);
    const params = isRecord(node.data.params) ? node.data.params : undefined;
    const given = params ? Object.keys(params) : [];
    const suggested = new Set<string>();
    for (const name of given) {
      if (needed.includes(name)) continue;
      const suggestion = closest(name, needed.filter((n) => !given.includes(n)));
      if (suggestion) suggested.add(suggestion);
      const has = needed.length === 0 ? 'has no placeholders' : `has ${joinAnd(needed.map((n) => `{${n}}`))}`;
      out.push(error(file.relPath, [...node.path, 'params', name], `Unknown param '${name}': the text of '${key}' ${has}.`, { at: 'key', suggestion }));
    }
    const missing = needed.filter((n) => !given.includes(n) && !suggested.has(n));
    if (missing.length === 0) continue;
    const shown = joinAnd(missing.map((n) => `{${n}}`));
    const names = joinAnd(missing.map((n) => `'${n}:'`));
    out.push(
      params
        ? error(file.relPath, [...node.path, 'params'], `The text of '${key}' has ${shown}, but 'params:' gives no value for ${missing.length === 1 ? 'it' : 'them'}. Add ${names} under 'params:'.`, { at: 'key' })
        : error(file.relPath, [...node.path, 'text'], `The text of '${key}' has ${shown}: add 'params:' with ${names} to say what goes there.`),
    );
  }
  return out;
};
