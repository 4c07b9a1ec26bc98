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
 * The block registry, runtime side: `type:` → component. Typed against BlockType, so a block
 * with a schema but no component (or the reverse) does not compile. Small blocks are in the
 * main bundle; the form block (react-hook-form, zod) is its own chunk, loaded when a form shows;
 * so are the plan selector and its comparison table (kept out of the landing page's first load).
 */
export const blockComponents: { [K in BlockType]: ComponentType<BlockProps<K>> } = {
  heading: Heading,
  text: Text,
  list: List,
  button: Button,
  link: Link,
  form: lazy(() => import('./form/Form.tsx')),
  notice: Notice,
  faq: Faq,
  steps: Steps,
  // Payment screens only: the form, and the payment adapter it loads after it.
  paymentForm: lazy(() => import('./paymentForm/PaymentForm.tsx')),
  paymentMethod: lazy(() => import('./paymentMethod/PaymentMethod.tsx')),
  plans: lazy(() => import('./plans/Plans.tsx')),
  planComparison: lazy(() => import('./planComparison/PlanComparison.tsx')),
  // The account page only.
  accountSections: lazy(() => import('./accountSections/AccountSections.tsx')),
  billingHistory: lazy(() => import('./billingHistory/BillingHistory.tsx')),
  emailPreferences: lazy(() => import('./emailPreferences/EmailPreferences.tsx')),
  cancelPlan: lazy(() => import('./cancelPlan/CancelPlan.tsx')),
  // Registration and checkout.
  planPicker: lazy(() => import('./planPicker/PlanPicker.tsx')),
  trialHeading: lazy(() => import('./trialHeading/TrialHeading.tsx')),
  quiz: lazy(() => import('./quiz/Quiz.tsx')),
  // The class funnels only.
  classOffers: lazy(() => import('./classOffers/ClassOffers.tsx')),
  widget: lazy(() => import('./widget/Widget.tsx')),
  reviewsCarousel: lazy(() => import('./reviewsCarousel/ReviewsCarousel.tsx')),
  awards: lazy(() => import('./awards/Awards.tsx')),
  // Gift and volume purchases.
  codeList: CodeList,
  // The 'Limited offer' countdown: plan selection and checkout screens.
  countdown: lazy(() => import('./countdown/Countdown.tsx')),
};

/** Blocks whose component loads on demand (shown with the loading placeholder meanwhile). */
export const lazyBlocks: ReadonlySet<BlockType> = new Set<BlockType>([
  'form',
  'plans',
  'planComparison',
  'paymentForm',
  'paymentMethod',
  'accountSections',
  'billingHistory',
  'emailPreferences',
  'cancelPlan',
  'planPicker',
  'trialHeading',
  'classOffers',
  'widget',
  'reviewsCarousel',
  'awards',
  'countdown',
]);

/** Start fetching the code of the on-demand blocks a screen (or its variants) uses, before it renders. */
export function preloadBlocks(screen: unknown): void {
  const text = JSON.stringify(screen ?? null);
  if (text.includes('"type":"form"')) void import('./form/Form.tsx').catch(() => undefined);
  // The plan selector's code (and its table's) loads while the flags are asked for, beside the screen.
  if (text.includes('"type":"plans"')) void import('./plans/Plans.tsx').catch(() => undefined);
  if (text.includes('"type":"planComparison"')) void import('./planComparison/PlanComparison.tsx').catch(() => undefined);
  // The payment form's code loads beside its screen (the payment adapter's after it, when it shows).
  if (text.includes('"type":"paymentForm"')) void import('./paymentForm/PaymentForm.tsx').catch(() => undefined);
  // Registration and checkout: the register header, the plan dropdown, the quizzes.
  if (text.includes('"type":"trialHeading"')) void import('./trialHeading/TrialHeading.tsx').catch(() => undefined);
  if (text.includes('"type":"planPicker"')) void import('./planPicker/PlanPicker.tsx').catch(() => undefined);
  if (text.includes('"type":"quiz"')) void import('./quiz/Quiz.tsx').catch(() => undefined);
  // The 'Limited offer' countdown, beside the plans or the payment form it sits above.
  if (text.includes('"type":"countdown"')) void import('./countdown/Countdown.tsx').catch(() => undefined);
}
