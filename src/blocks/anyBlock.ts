/**
 * "Any block", for the blocks that hold blocks (the account page's sections). The registry
 * (./schemas.ts) holds those blocks in turn, so they cannot import it: it registers itself here
 * once it is defined, and the schema below reads it when a config is checked.
 */
import { z } from 'zod';
import type { Block } from './schemas.ts';

let registry: z.ZodType<Block> | null = null;

/** Called once by ./schemas.ts with the union of every block. */
export function registerAnyBlock(schema: z.ZodType<Block>): void {
  registry = schema;
}

export const anyBlock: z.ZodType<Block> = z.lazy(() => {
  if (!registry) throw new Error('The block registry (src/blocks/schemas.ts) was not loaded before a config was checked.');
  return registry;
});
