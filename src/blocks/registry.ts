import accountSections from './accountSections/block.ts';
import awards from './awards/block.ts';
import billingHistory from './billingHistory/block.ts';
import button from './button/block.ts';
import cancelPlan from './cancelPlan/block.ts';
import classOffers from './classOffers/block.ts';
import codeList from './codeList/block.ts';
import countdown from './countdown/block.ts';
import emailPreferences from './emailPreferences/block.ts';
import faq from './faq/block.ts';
import form from './form/block.ts';
import heading from './heading/block.ts';
import link from './link/block.ts';
import list from './list/block.ts';
import notice from './notice/block.ts';
import paymentForm from './paymentForm/block.ts';
import paymentMethod from './paymentMethod/block.ts';
import planComparison from './planComparison/block.ts';
import planPicker from './planPicker/block.ts';
import plans from './plans/block.ts';
import quiz from './quiz/block.ts';
import reviewsCarousel from './reviewsCarousel/block.ts';
import steps from './steps/block.ts';
import text from './text/block.ts';
import trialHeading from './trialHeading/block.ts';
import widget from './widget/block.ts';

/**
 * Every block type, once: the compiler's schemas of the config (built from it by the compiler, which is handed it:
 * src/compiler/configSchemas.ts), the types of ./schemas.ts and the browser's
 * components (./components.ts) are both derived from this list. Adding a block is its folder
 * (a block.ts with its defineBlock, its schema and component), one line here, and its copy.
 */
export const blocks = [
  heading,
  text,
  list,
  button,
  link,
  form,
  notice,
  faq,
  steps,
  paymentForm,
  paymentMethod,
  plans,
  planComparison,
  // The account page: its sections, billing history, notification settings, the retention step.
  accountSections,
  billingHistory,
  emailPreferences,
  cancelPlan,
  // Registration and checkout: the plan dropdown and the register header with the plan's trial.
  planPicker,
  trialHeading,
  quiz,
  // The class funnels: class offers, scheduling / booking widgets, reviews, awards.
  classOffers,
  widget,
  reviewsCarousel,
  awards,
  // Gift and volume purchases: the codes bought.
  codeList,
  // The 'Limited offer' countdown of plan selection and checkout.
  countdown,
] as const;
