import { z } from 'zod';
import { taggedUnion } from '../language/schema/strict.ts';
import { registerAnyBlock } from './anyBlock.ts';
import { blocks } from './registry.ts';

type Definitions = (typeof blocks)[number];

/** The block registry (./registry.ts), build side: `type:` → props schema, in the registry's order. */
export const blockSchemas = Object.fromEntries(blocks.map((b) => [b.type, b.schema])) as {
  [D in Definitions as D['type']]: D['schema'];
};

export type BlockType = keyof typeof blockSchemas;
export type Block = { [K in BlockType]: z.infer<(typeof blockSchemas)[K]> }[BlockType];
export const block = taggedUnion('type', blockSchemas, 'block').register(z.globalRegistry, {
  id: 'block',
  description: 'A block of the screen: type: says which.',
}) as z.ZodType<Block>;
registerAnyBlock(block);
