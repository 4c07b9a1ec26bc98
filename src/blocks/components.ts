import { type ComponentType, lazy } from 'react';
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

/** `type:` → component; an on-demand block's is a React.lazy of its chunk. */
export const blockComponents = Object.fromEntries(
  entries.map(([type, code]) => [type, 'component' in code ? code.component : lazy(code.load)]),
) as { [K in BlockType]: ComponentType<BlockProps<K>> };

/** Blocks whose component loads on demand (shown with the loading placeholder meanwhile). */
export const lazyBlocks: ReadonlySet<BlockType> = new Set(entries.filter(([, code]) => 'load' in code).map(([type]) => type));

const preloaded = entries.flatMap(([type, code]) => ('load' in code && code.preload ? [{ type, load: code.load }] : []));

/** Start fetching the code of the on-demand blocks a screen (or its variants) uses, before it renders. */
export function preloadBlocks(screen: unknown): void {
  const text = JSON.stringify(screen ?? null);
  for (const { type, load } of preloaded) if (text.includes(`"type":"${type}"`)) void load().catch(() => undefined);
}
