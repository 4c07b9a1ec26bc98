import { z } from 'zod';
import { taggedUnion } from '../language/schema/strict.ts';
import type { AccountSectionsBlock } from './accountSections/schema.ts';
import type { BlockDefinition } from './defineBlock.ts';
import { blocks } from './registry.ts';

// What the compiler reads of the blocks besides their schemas: their definitions.
export type { BlockDefinition, BlockTexts, FormFields, NoticeContext } from './defineBlock.ts';
export { blocks } from './registry.ts';

/** The account page's block as this registry holds it: its sections hold any block of it. */
interface AccountSections extends AccountSectionsBlock<Block> {}

type Definition = (typeof blocks)[number];
/**
 * A block's props schema; a block that holds blocks builds it from the union of every block
 * (annotated, so that the union's type does not wait on itself).
 */
type SchemaOf<D extends Definition> = D['schema'] extends z.ZodType ? D['schema'] : z.ZodType<AccountSections>;

const anyBlock = z.lazy((): z.ZodType<Block> => block);

/** The block registry (./registry.ts), build side: `type:` → props schema, in the registry's order. */
export const blockSchemas = Object.fromEntries(
  blocks.map((b) => [b.type, typeof b.schema === 'function' ? b.schema(anyBlock) : b.schema]),
) as { [D in Definition as D['type']]: SchemaOf<D> };

export type BlockType = keyof typeof blockSchemas;
export type Block = { [K in BlockType]: z.infer<(typeof blockSchemas)[K]> }[BlockType];
export const block = taggedUnion('type', blockSchemas, 'block').register(z.globalRegistry, {
  id: 'block',
  description: 'A block of the screen: type: says which.',
}) as z.ZodType<Block>;

/** A block's definition by its props schema (as built here), for the checks that walk a config. */
export const blockBySchema: ReadonlyMap<z.ZodType, BlockDefinition> = new Map(
  blocks.map((b) => [blockSchemas[b.type as BlockType] as z.ZodType, b as BlockDefinition]),
);
