import { planCopyTexts } from '../blocks/plans/copyKeys.ts';
import { ruleRegistry } from './ruleMessages.ts';

/**
 * Copy keys the runtime uses by itself (not named in any YAML), each with the `{placeholders}`
 * it fills in the text (`npm run check` holds every language's text to them). `npm run check`
 * requires them in every locale like any key named in config. Add a key here when a component
 * needs one: the build puts these in the entry chunk with app.yaml's copy
 * (src/config/copySplit.ts), since no screen names them. A key a component uses that is neither
 * here nor in a screen's config would show as the raw key (tests/unit/runtime/copy-keys.test.ts
 * looks for those).
 */
export const runtimeCopyTexts: Readonly<Record<string, readonly string[]>> = {
  /** 'STEP {n} OF {m}' */
  'common:stepProgress': ['n', 'm'],
  /** Labelled stepper: 'Step {n} of {m}: {label}' read by screen readers. */
  'common:stepperLabel': ['n', 'm', 'label'],
  /** The footer's language switcher (src/runtime/ui/Chrome.tsx). */
  'common:language.label': [],
  /** Header landmark names and the skip link. */
  'common:skipToContent': [],
  'common:mainNavigation': [],
  /** The browser tab title of a screen with a title: '{title} | {product}'. */
  'common:documentTitle': ['title', 'product'],
  /** An action failed and the YAML has no catch: for it (spec §8 generic wording). */
  'common:somethingWentWrong': [],
  /** Redirects that kept going (src/runtime/ui/RedirectLoop.tsx). */
  'common:redirectLoop.title': [],
  'common:redirectLoop.heading': [],
  'common:redirectLoop.body': [],
  'common:redirectLoop.home': [],
  /** `?variantOverride=`: the notice QA sees (src/runtime/ui/VariantOverrideNotice.tsx). */
  'common:variantOverride.label': [],
  'common:variantOverride.active': ['overrides'],
  'common:variantOverride.unknownFlag': ['pair', 'flag'],
  'common:variantOverride.unknownVariant': ['pair', 'flag', 'variants'],
  'common:variantOverride.clear': [],
  /** The plan cards' texts and the plan names by planDataKey (plans and planComparison blocks). */
  ...planCopyTexts,
  /** Validation messages: these travel with the screens whose forms use the rule (without their own `message:`). */
  ...Object.fromEntries(Object.values(ruleRegistry).map((rule) => [rule.message, rule.fills])),
};

export const runtimeCopyKeys: readonly string[] = Object.keys(runtimeCopyTexts);
