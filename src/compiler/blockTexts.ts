import type { BlockTexts } from '../language/blockDefinition.ts';
import type { BlockRegistry } from './configSchemas.ts';

/**
 * The texts blocks show by themselves, each set with the block types that show it: they travel in
 * the chunk of each screen that has one of those blocks, not in every page's entry (./copySplit.ts).
 */
export function blockTexts(blocks: BlockRegistry): { blockTypes: string[]; keys: string[] }[] {
  const byTexts = new Map<BlockTexts, string[]>();
  for (const b of blocks) if (b.texts) byTexts.set(b.texts, [...(byTexts.get(b.texts) ?? []), b.type]);
  return [...byTexts].map(([texts, blockTypes]) => ({ blockTypes, keys: Object.keys(texts) }));
}
