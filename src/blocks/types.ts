import type { Block, BlockType } from './schemas.ts';

/** The props of a block component: its block from the config, props already checked at build time. */
export interface BlockProps<K extends BlockType> {
  block: Extract<Block, { type: K }>;
}
