import { blockSchemas } from '../../blocks/schemas.ts';
import type { CallName } from '../../contract/calls.ts';
import { contract } from '../../contract/definitions.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import type { WalkNode } from '../schemaWalk.ts';
import { ancestor, type Check, isRecord } from './context.ts';

const isPaymentBlock = (n: WalkNode) => n.schema === blockSchemas.paymentForm;

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

/** `{ payment: x }` values and `payment.*` facts exist only in a payment block's actions (onPay, onOffer). */
export const checkPaymentValues: Check = (ctx) => {
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    if (!isRecord(node.data)) continue;
    const isValue = node.roles.has('valueSource') && node.union?.branch === 'payment';
    const isFact = node.roles.has('fact') && typeof node.data.fact === 'string' && node.data.fact.startsWith('payment.');
    if (!isValue && !isFact) continue;
    if (ancestor(node, isPaymentBlock)) continue;
    const what = isValue ? `{ payment: ${String(node.data.payment)} }` : `'${String(node.data.fact)}'`;
    out.push(
      error(
        file.relPath,
        [...node.path, isValue ? 'payment' : 'fact'],
        `${what} is only known in the actions of a payment block (its onOffer: and onPay:).`,
      ),
    );
  }
  return out;
};
