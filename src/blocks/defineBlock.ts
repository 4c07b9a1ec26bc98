import type { BlockDefinition, BlockSchema } from '../language/blockDefinition.ts';

export type { BlockDefinition, BlockSchema, FormFields, NoticeContext } from '../language/blockDefinition.ts';

/** A block type's definition (see BlockDefinition): the one thing its folder exports, from its block.ts. */
export function defineBlock<const T extends string, S extends BlockSchema>(definition: BlockDefinition<T, S>): BlockDefinition<T, S> {
  return definition;
}
