import { defaultRuleMessages } from './ruleMessages.ts';

/**
 * Copy keys the runtime uses by itself (not named in any YAML). `npm run check` requires them
 * in every locale like any key named in config. Add a key here when a component needs one.
 */
export const runtimeCopyKeys: readonly string[] = [
  /** 'STEP {n} OF {m}' */
  'common:stepProgress',
  /** Labelled stepper: 'Step {n} of {m}: {label}' read by screen readers. */
  'common:stepperLabel',
  /** Header landmark names and the skip link. */
  'common:skipToContent',
  'common:mainNavigation',
  /** The browser tab title of a screen with a title: '{title} | {product}'. */
  'common:documentTitle',
  /** An action failed and the YAML has no catch: for it (spec §8 generic wording). */
  'common:somethingWentWrong',
  ...Object.values(defaultRuleMessages),
];
