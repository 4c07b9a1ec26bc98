/**
 * Which component draws each block type, given to the runtime by the app's entry
 * (runtime/start.tsx, from src/blocks/components.ts). The runtime draws blocks without importing
 * them: blocks import the runtime (its hooks, `<Blocks>` for the blocks they hold), so the
 * runtime importing the blocks back would close a loop.
 */
import { type ComponentType, createContext, useContext } from 'react';
import type { BlockType } from '../../blocks/schemas.ts';
import type { BlockProps } from '../../blocks/types.ts';

export interface BlockRegistry {
  components: { readonly [K in BlockType]: ComponentType<BlockProps<K>> };
  /** Types whose code loads on demand: drawn inside a Suspense with the loading text. */
  lazy: ReadonlySet<BlockType>;
}

export const BlockRegistryContext = createContext<BlockRegistry | null>(null);

export function useBlockRegistry(): BlockRegistry {
  const registry = useContext(BlockRegistryContext);
  if (!registry) throw new Error('Blocks are drawn inside <BlockRegistryContext.Provider> (runtime/start.tsx).');
  return registry;
}
