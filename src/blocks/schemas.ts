import { z } from 'zod';
import { taggedUnion } from '../language/schema/strict.ts';
import type { AccountSectionsBlock } from './accountSections/schema.ts';
import { blocks } from './registry.ts';

/** The account page's block as this registry holds it: its sections hold any block of it. */
interface AccountSections extends AccountSectionsBlock<Block> {}

type Definition = (typeof blocks)[number];
/**
 * A block's props schema; a block that holds blocks builds it from the union of every block
 * (annotated, so that the union's type does not wait on itself).
 */
type SchemaOf<D extends Definition> = D['schema'] extends z.ZodType ? D['schema'] : z.ZodType<AccountSections>;

const anyBlock = z.lazy((): z.ZodType<Block> => block);

/**
 * The block registry (./registry.ts), build side: `type:` → props schema, in the registry's order,
 * and the types of a block's props the runtime draws. The compiler builds its own union of them
 * from the registry it is handed (src/compiler/configSchemas.ts); this one is for the types.
 */
export const blockSchemas = Object.fromEntries(
  blocks.map((b) => [b.type, typeof b.schema === 'function' ? b.schema(anyBlock) : b.schema]),
) as { [D in Definition as D['type']]: SchemaOf<D> };

export type BlockType = keyof typeof blockSchemas;
export type Block = { [K in BlockType]: z.infer<(typeof blockSchemas)[K]> }[BlockType];
const block = taggedUnion('type', blockSchemas, 'block') as z.ZodType<Block>;
