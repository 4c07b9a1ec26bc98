/** The browser's half of the block registry, made by the build from ./registry.ts (src/vitePlugin/blockCode.ts). */
declare module 'virtual:block-code' {
  import type { ComponentType } from 'react';

  // biome-ignore lint/suspicious/noExplicitAny: a component of any block type: ./components.ts pairs each with its type
  type AnyComponent = ComponentType<any>;
  /** An eager block's component (in the entry), or how its own chunk loads and whether it is fetched ahead. */
  export type BlockCode =
    | { type: string; drawn: AnyComponent }
    | { type: string; load: () => Promise<{ default: AnyComponent }>; preload?: true };
  export const blockCode: readonly BlockCode[];
}
