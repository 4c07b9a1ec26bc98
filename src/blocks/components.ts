import { blockCode } from 'virtual:block-code';
import { type ComponentType, createElement, use } from 'react';
import { blockTypesIn } from '../language/blockTypesIn.ts';
import type { BlockType } from './schemas.ts';
import type { BlockProps } from './types.ts';

/**
 * The block registry (./registry.ts), runtime side, as the build serves it (`virtual:block-code`,
 * src/vitePlugin/blockCode.ts): an `eager` block's component is in the entry; any other is its own
 * chunk, loaded when a screen shows the block, with the loading placeholder meanwhile; `preload`
 * fetches that chunk as soon as a screen holding the block is loaded, before it renders.
 */

type BlockModule = { default: ComponentType<BlockProps<BlockType>> };
/** A promise as React's `use` reads it: once settled, its result is read at once, without suspending. */
type Tracked = Promise<BlockModule> & { status?: 'fulfilled' | 'rejected'; value?: BlockModule; reason?: unknown };

/**
 * An on-demand block's component: it suspends (the loading placeholder) until its chunk is there,
 * and renders at once when it already is. Unlike React.lazy, a chunk loaded before the first
 * render (a server-rendered page's, `loadBlocks`) is drawn in the same pass: the page hydrates
 * whole, and is interactive as soon as it is hydrated.
 */
function onDemand(load: () => Promise<BlockModule>) {
  let module: Tracked | undefined;
  const get = (): Tracked => {
    if (module) return module;
    const loading: Tracked = load();
    loading.then(
      (value) => Object.assign(loading, { status: 'fulfilled', value }),
      (reason: unknown) => {
        // A chunk that failed (a new deploy, a network blip) is asked for again next time.
        module = undefined;
        Object.assign(loading, { status: 'rejected', reason });
      },
    );
    module = loading;
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per block type, when this module loads
  function OnDemandBlock(props: BlockProps<BlockType>) {
    const { default: Component } = use(get() as Promise<BlockModule>);
    return createElement(Component, props);
  }
  return { component: OnDemandBlock, get };
}

const onDemandBlocks = new Map(
  blockCode.flatMap((b) => ('load' in b ? [[b.type, { ...onDemand(b.load), preload: b.preload === true }] as const] : [])),
);

/** `type:` → component; an on-demand block's loads its chunk when first drawn. */
export const blockComponents = Object.fromEntries(
  blockCode.map((b) => [b.type, 'drawn' in b ? b.drawn : onDemandBlocks.get(b.type)!.component]),
) as {
  [K in BlockType]: ComponentType<BlockProps<K>>;
};

/** Blocks whose component loads on demand (shown with the loading placeholder meanwhile). */
export const lazyBlocks = new Set(onDemandBlocks.keys()) as ReadonlySet<BlockType>;

/** Start fetching the code of the on-demand blocks a screen (or its variants) uses that are worth having early, before it renders. */
export function preloadBlocks(screen: unknown): void {
  for (const type of blockTypesIn(screen)) {
    const block = onDemandBlocks.get(type);
    if (block?.preload) void block.get().catch(() => undefined);
  }
}

/** Load the code of every on-demand block a screen shows (a server-rendered first screen, before it hydrates). */
export async function loadBlocks(screen: unknown): Promise<void> {
  await Promise.all(
    [...blockTypesIn(screen)].map((type) =>
      onDemandBlocks
        .get(type)
        ?.get()
        .catch(() => undefined),
    ),
  );
}
