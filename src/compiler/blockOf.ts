import { type BlockDefinition, blockBySchema } from '../blocks/schemas.ts';
import type { WalkNode } from './schemaWalk.ts';

/** The block definition a walked node is the props of, if it is a block. */
export const blockOf = (node: WalkNode): BlockDefinition | undefined => blockBySchema.get(node.schema);
