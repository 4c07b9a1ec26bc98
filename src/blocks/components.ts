import { type ComponentType, createElement, use } from 'react';
import { blockTypesIn } from './blockTypesIn.ts';
import { Button } from './button/Button.tsx';
import { CodeList } from './codeList/CodeList.tsx';
import { Faq } from './faq/Faq.tsx';
import { Heading } from './heading/Heading.tsx';
import { Link } from './link/Link.tsx';
import { List } from './list/List.tsx';
import { Notice } from './notice/Notice.tsx';
import type { BlockType } from './schemas.ts';
import { Steps } from './steps/Steps.tsx';
import { Text } from './text/Text.tsx';
import type { BlockProps } from './types.ts';

/**
 * How a block's code reaches the browser: in the main bundle (`component`), or as its own chunk
 * loaded when a screen shows the block (`load`), with the loading placeholder meanwhile;
 * `preload` fetches that chunk as soon as a screen holding the block is loaded, before it renders.
 */
type BlockCode<K extends BlockType> =
  | { component: ComponentType<BlockProps<K>> }
  | { load: () => Promise<{ default: ComponentType<BlockProps<K>> }>; preload?: true };

/**
 * The block registry, runtime side: one entry per `type:` of the build side (./schemas.ts), so
 * a block with a schema but no code (or the reverse) does not compile. The lists the runtime
 * needs (components, the on-demand ones, what to preload) are derived from it below.
 */
const blockCode: { [K in BlockType]: BlockCode<K> } = {
  heading: { component: Heading },
  text: { component: Text },
  list: { component: List },
  button: { component: Button },
  link: { component: Link },
  // The form (react-hook-form, zod) is its own chunk, loaded when a form shows.
  form: { load: () => import('./form/Form.tsx'), preload: true },
  notice: { component: Notice },
  faq: { component: Faq },
  steps: { component: Steps },
  // Payment screens only: the form, and the payment adapter it loads after it.
  paymentForm: { load: () => import('./paymentForm/PaymentForm.tsx'), preload: true },
  paymentMethod: { load: () => import('./paymentMethod/PaymentMethod.tsx') },
  // The plan selector and its comparison table, kept out of the landing page's first load.
  plans: { load: () => import('./plans/Plans.tsx'), preload: true },
  planComparison: { load: () => import('./planComparison/PlanComparison.tsx'), preload: true },
  // The account page only.
  accountSections: { load: () => import('./accountSections/AccountSections.tsx') },
  billingHistory: { load: () => import('./billingHistory/BillingHistory.tsx') },
  emailPreferences: { load: () => import('./emailPreferences/EmailPreferences.tsx') },
  cancelPlan: { load: () => import('./cancelPlan/CancelPlan.tsx') },
  // Registration and checkout: the plan dropdown, the register header, the quizzes.
  planPicker: { load: () => import('./planPicker/PlanPicker.tsx'), preload: true },
  trialHeading: { load: () => import('./trialHeading/TrialHeading.tsx'), preload: true },
  quiz: { load: () => import('./quiz/Quiz.tsx'), preload: true },
  // The class funnels only.
  classOffers: { load: () => import('./classOffers/ClassOffers.tsx') },
  widget: { load: () => import('./widget/Widget.tsx') },
  reviewsCarousel: { load: () => import('./reviewsCarousel/ReviewsCarousel.tsx') },
  awards: { load: () => import('./awards/Awards.tsx') },
  // Gift and volume purchases.
  codeList: { component: CodeList },
  // The 'Limited offer' countdown, beside the plans or the payment form it sits above.
  countdown: { load: () => import('./countdown/Countdown.tsx'), preload: true },
};

const entries = Object.entries(blockCode) as [BlockType, BlockCode<BlockType>][];

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
  entries.flatMap(([type, code]) =>
    'load' in code ? [[type, { ...onDemand(code.load as () => Promise<BlockModule>), preload: code.preload === true }]] : [],
  ),
);

/** `type:` → component; an on-demand block's loads its chunk when first drawn. */
export const blockComponents = Object.fromEntries(
  entries.map(([type, code]) => [type, 'component' in code ? code.component : onDemandBlocks.get(type)!.component]),
) as { [K in BlockType]: ComponentType<BlockProps<K>> };

/** Blocks whose component loads on demand (shown with the loading placeholder meanwhile). */
export const lazyBlocks: ReadonlySet<BlockType> = new Set(onDemandBlocks.keys());

/** Start fetching the code of the on-demand blocks a screen (or its variants) uses that are worth having early, before it renders. */
export function preloadBlocks(screen: unknown): void {
  for (const type of blockTypesIn(screen)) {
    const block = onDemandBlocks.get(type as BlockType);
    if (block?.preload) void block.get().catch(() => undefined);
  }
}

/** Load the code of every on-demand block a screen shows (a server-rendered first screen, before it hydrates). */
export async function loadBlocks(screen: unknown): Promise<void> {
  await Promise.all(
    [...blockTypesIn(screen)].map((type) =>
      onDemandBlocks
        .get(type as BlockType)
        ?.get()
        .catch(() => undefined),
    ),
  );
}
