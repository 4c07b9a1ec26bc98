import { type Diagnostic, error } from '../diagnostic.ts';
import { defOf } from '../schemaWalk.ts';
import { closest } from '../suggest.ts';
import { type Check, isCopyKey, isRecord } from './context.ts';
import { placeholders } from './copyIndex.ts';
import { joinAnd } from './copyKeys.ts';

/**
 * Where a block or action has both a copy `text:` and `params:` (heading, text, notice,
 * popup, notify...), `params:` gives a value for each `{placeholder}` of the text and
 * nothing else; a notification's `textFrom.into` gives one too. Found by schema shape, so a new
 * block with `text` + `params` is covered.
 */
const hasText = (needed: string[]) => (needed.length === 0 ? 'has no placeholders' : `has ${joinAnd(needed.map((n) => `{${n}}`))}`);

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
    const into = isRecord(node.data.textFrom) && typeof node.data.textFrom.into === 'string' ? node.data.textFrom.into : undefined;
    const given = [...(params ? Object.keys(params) : []), ...(into !== undefined ? [into] : [])];
    const suggested = new Set<string>();
    if (into !== undefined && !needed.includes(into)) {
      const suggestion = closest(
        into,
        needed.filter((n) => !given.includes(n)),
      );
      if (suggestion) suggested.add(suggestion);
      out.push(
        error(file.relPath, [...node.path, 'textFrom', 'into'], `Unknown param '${into}': the text of '${key}' ${hasText(needed)}.`, {
          suggestion,
        }),
      );
    }
    for (const name of params ? Object.keys(params) : []) {
      if (needed.includes(name)) continue;
      const suggestion = closest(
        name,
        needed.filter((n) => !given.includes(n)),
      );
      if (suggestion) suggested.add(suggestion);
      out.push(
        error(file.relPath, [...node.path, 'params', name], `Unknown param '${name}': the text of '${key}' ${hasText(needed)}.`, {
          at: 'key',
          suggestion,
        }),
      );
    }
    const missing = needed.filter((n) => !given.includes(n) && !suggested.has(n));
    if (missing.length === 0) continue;
    const shown = joinAnd(missing.map((n) => `{${n}}`));
    const names = joinAnd(missing.map((n) => `'${n}:'`));
    out.push(
      params
        ? error(
            file.relPath,
            [...node.path, 'params'],
            `The text of '${key}' has ${shown}, but 'params:' gives no value for ${missing.length === 1 ? 'it' : 'them'}. ` +
              `Add ${names} under 'params:'.`,
            { at: 'key' },
          )
        : error(
            file.relPath,
            [...node.path, 'text'],
            `The text of '${key}' has ${shown}: add 'params:' with ${names} to say what goes there.`,
          ),
    );
  }
  return out;
};
