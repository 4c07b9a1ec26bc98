import type { z } from 'zod';
import { type CallName, callNames } from '../../contract/calls.ts';
import { contract } from '../../contract/definitions.ts';
import type { WalkNode } from '../schemaWalk.ts';
import { ancestor, isRecord } from './context.ts';

/** The answer `result.*` reads: the output schema of a call of the contract. */
export interface CallResult {
  fn: CallName;
  output: z.ZodType;
}

export const isCallName = (fn: unknown): fn is CallName => typeof fn === 'string' && (callNames as readonly string[]).includes(fn);

const answerOf = (fn: unknown): CallResult | undefined => (isCallName(fn) ? { fn, output: contract[fn].output } : undefined);

/** The innermost action holding `node` (the node itself when it is one). */
export const actionOf = (node: WalkNode) => ancestor(node, (n) => n.roles.has('action'));

/**
 * What `result.*` reads when `action` starts, as src/runtime/actions.ts runs a list: the answer
 * of the last call before it in its list, else what the list started with — a call's own answer
 * in its `then:`, and in a `catch:` (or a `logout`'s or `popup`'s `then:`) whatever held where
 * that action stands. Undefined when it cannot be told: a call with `when:` may not have run, a
 * `login` answers the session, and a list a block runs may start with the block's own result.
 */
export function resultBefore(action: WalkNode): CallResult | undefined {
  const list = action.parent;
  const index = action.path[action.path.length - 1];
  if (!list || !Array.isArray(list.data) || typeof index !== 'number') return undefined;
  for (let i = index - 1; i >= 0; i--) {
    const earlier: unknown = list.data[i];
    if (!isRecord(earlier)) return undefined;
    if (earlier.do === 'login') return undefined;
    if (earlier.do === 'call') return earlier.when === undefined ? answerOf(earlier.fn) : undefined;
  }
  const owner = list.parent;
  const listKey = list.path[list.path.length - 1];
  if (!owner?.roles.has('action') || !isRecord(owner.data)) return undefined;
  if (listKey === 'then' && owner.data.do === 'call') return answerOf(owner.data.fn);
  if (listKey === 'then' && owner.data.do === 'login') return undefined;
  return resultBefore(owner);
}
