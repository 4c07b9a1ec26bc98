import type { CallName } from '../../contract/calls.ts';
import { contract } from '../../contract/definitions.ts';
import type { BlockRegistry } from '../configSchemas.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import type { WalkNode } from '../schemaWalk.ts';
import { ancestor, type Check, isRecord } from './context.ts';

/**
 * A call that creates a charge (`idempotent` in src/contract/definitions.ts) must be sent with
 * an Idempotency-Key, or the server refuses it: its `do: call` needs `idempotent: true`. Inside a
 * payment block the key is the checkout attempt's (one per attempt: a double click, a retry
 * or a reload sends the same one).
 */
export const checkChargeCalls: Check = (ctx) => {
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    if (!node.roles.has('action') || node.union?.branch !== 'call' || !isRecord(node.data) || typeof node.data.fn !== 'string') continue;
    const definition = (contract as Record<string, { idempotent?: boolean }>)[node.data.fn as CallName];
    if (!definition?.idempotent || node.data.idempotent === true) continue;
    out.push(
      error(
        file.relPath,
        [...node.path, 'fn'],
        `'${node.data.fn}' creates a charge: add 'idempotent: true' ` +
          'so that a double click, a retry or a reload never charges twice (the server refuses it without a key).',
      ),
    );
  }
  return out;
};

/** The values only the actions inside some block may read (`scopedValues` of its definition), by name. */
const scopesOf = (blocks: BlockRegistry): ReadonlyMap<string, string> =>
  new Map(blocks.flatMap((b) => (b.scopedValues ? [[b.scopedValues.name, b.scopedValues.knownIn] as const] : [])));

/** The scoped value or fact a node reads (`{ payment: x }`, `payment.*`): its scope, and how to name it. */
function scopedRead(node: WalkNode, scopes: ReadonlyMap<string, string>): { scope: string; what: string; key: string } | undefined {
  const data = node.data as Record<string, unknown>;
  if (node.roles.has('valueSource') && node.union && scopes.has(node.union.branch))
    return { scope: node.union.branch, what: `{ ${node.union.branch}: ${String(data[node.union.branch])} }`, key: node.union.branch };
  if (!node.roles.has('fact') || typeof data.fact !== 'string') return undefined;
  const scope = data.fact.split('.')[0]!;
  return data.fact.includes('.') && scopes.has(scope) ? { scope, what: `'${data.fact}'`, key: 'fact' } : undefined;
}

/** Scoped values and facts (a payment block's `{ payment: x }`, `payment.*`) exist only in the actions of a block that knows them. */
export const checkScopedValues: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const scopes = scopesOf(ctx.schemas.blocks);
  for (const { file, node } of ctx.nodes) {
    if (!isRecord(node.data)) continue;
    const read = scopedRead(node, scopes);
    if (!read) continue;
    if (ancestor(node, (n) => ctx.schemas.blockOf(n)?.scopedValues?.name === read.scope)) continue;
    out.push(error(file.relPath, [...node.path, read.key], `${read.what} is only known in the actions of ${scopes.get(read.scope)}.`));
  }
  return out;
};
