/**
 * The runtime copy keys the base fixture defines. Tests pass this list instead of
 * src/config/runtimeCopyKeys.ts so that a component adding a key does not change every
 * expected report; the runtime-key check itself has its own case.
 */
export const fixtureRuntimeKeys = [
  'common:stepProgress',
  'common:stepperLabel',
  'common:skipToContent',
  'common:mainNavigation',
  'validation:required',
  'validation:email',
  'validation:noCapitals',
  'validation:length',
  'validation:maxLength',
  'validation:matches',
  'validation:checked',
  'validation:numeric',
];
