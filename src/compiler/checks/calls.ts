import { callNames } from '../../contract/calls.ts';
import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import { type Check, isRecord } from './context.ts';

/** `do: call` names a backend call of the contract (src/contract/calls.ts). */
export const checkCallNames: Check = (ctx) => {
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    if (!node.roles.has('action') || node.union?.branch !== 'call' || !isRecord(node.data) || typeof node.data.fn !== 'string') continue;
    const fn = node.data.fn;
    if ((callNames as readonly string[]).includes(fn)) continue;
    const suggestion = closest(fn, callNames);
    const message = suggestion
      ? `Unknown backend call '${fn}'.`
      : `Unknown backend call '${fn}'. The calls are listed in src/contract/calls.ts.`;
    out.push(error(file.relPath, [...node.path, 'fn'], message, { suggestion }));
  }
  return out;
};
