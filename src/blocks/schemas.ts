import { z } from 'zod';
import { taggedUnion } from '../language/schema/strict.ts';
import { type AccountSectionsBlock, accountSectionsBlock } from './accountSections/schema.ts';
import { awardsBlock } from './awards/schema.ts';
import { billingHistoryBlock } from './billingHistory/schema.ts';
import { buttonBlock } from './button/schema.ts';
import { cancelPlanBlock } from './cancelPlan/schema.ts';
import { classOffersBlock } from './classOffers/schema.ts';
import { codeListBlock } from './codeList/schema.ts';
import { countdownBlock } from './countdown/schema.ts';
import { emailPreferencesBlock } from './emailPreferences/schema.ts';
import { faqBlock } from './faq/schema.ts';
import { formBlock } from './form/schema.ts';
import { headingBlock } from './heading/schema.ts';
import { linkBlock } from './link/schema.ts';
import { listBlock } from './list/schema.ts';
import { noticeBlock } from './notice/schema.ts';
import { paymentFormBlock } from './paymentForm/schema.ts';
import { paymentMethodBlock } from './paymentMethod/schema.ts';
import { planComparisonBlock } from './planComparison/schema.ts';
import { planPickerBlock } from './planPicker/schema.ts';
import { plansBlock } from './plans/schema.ts';
import { quizBlock } from './quiz/schema.ts';
import { reviewsCarouselBlock } from './reviewsCarousel/schema.ts';
import { stepsBlock } from './steps/schema.ts';
import { textBlock } from './text/schema.ts';
import { trialHeadingBlock } from './trialHeading/schema.ts';
import { widgetBlock } from './widget/schema.ts';

/** The account page's block as this registry holds it: its sections hold any block of it. */
interface AccountSections extends AccountSectionsBlock<Block> {}

// A block that holds blocks takes any block of this registry, read when a config is checked (the
// union is made below). Annotated so that the registry's type does not wait on itself.
const accountSections: z.ZodType<AccountSections> = accountSectionsBlock(z.lazy((): z.ZodType<Block> => block));

/**
 * The block registry, build side: `type:` → props schema. Adding a block is one folder
 * (schema.ts + its component), one line here and one in ./components.ts.
 */
export const blockSchemas = {
  heading: headingBlock,
  text: textBlock,
  list: listBlock,
  button: buttonBlock,
  link: linkBlock,
  form: formBlock,
  notice: noticeBlock,
  faq: faqBlock,
  steps: stepsBlock,
  paymentForm: paymentFormBlock,
  paymentMethod: paymentMethodBlock,
  plans: plansBlock,
  planComparison: planComparisonBlock,
  // The account page: its sections, billing history, notification settings, the retention step.
  accountSections,
  billingHistory: billingHistoryBlock,
  emailPreferences: emailPreferencesBlock,
  cancelPlan: cancelPlanBlock,
  // Registration and checkout: the plan dropdown and the register header with the plan's trial.
  planPicker: planPickerBlock,
  trialHeading: trialHeadingBlock,
  quiz: quizBlock,
  // The class funnels: class offers, scheduling / booking widgets, reviews, awards.
  classOffers: classOffersBlock,
  widget: widgetBlock,
  reviewsCarousel: reviewsCarouselBlock,
  awards: awardsBlock,
  // Gift and volume purchases: the codes bought.
  codeList: codeListBlock,
  // The 'Limited offer' countdown of plan selection and checkout.
  countdown: countdownBlock,
};

// What the compiler still knows of particular blocks, until each block describes it itself: the
// compiler reaches the blocks through the registry (docs/layers.md).
export { DEFAULT_ERROR_MS } from './paymentForm/errorMs.ts';
export { planCopyTexts, planTextBlocks } from './plans/copyKeys.ts';

export type BlockType = keyof typeof blockSchemas;
export type Block = { [K in BlockType]: z.infer<(typeof blockSchemas)[K]> }[BlockType];
export const block = taggedUnion('type', blockSchemas, 'block').register(z.globalRegistry, {
  id: 'block',
  description: 'A block of the screen: type: says which.',
}) as z.ZodType<Block>;
