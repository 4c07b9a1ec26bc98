import type { BlockDefinition } from '../blocks/defineBlock.ts';
import { blocks } from '../blocks/registry.ts';
import type { WalkNode } from './schemaWalk.ts';

const bySchema = new Map<unknown, BlockDefinition>(blocks.map((b) => [b.schema, b]));

/** The block definition a walked node is the props of, if it is a block. */
export const blockOf = (node: WalkNode): BlockDefinition | undefined => bySchema.get(node.schema);
