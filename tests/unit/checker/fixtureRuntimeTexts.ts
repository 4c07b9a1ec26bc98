import type { RuntimeTexts } from '../../../src/compiler/runtimeTexts.ts';
import { validationRules } from '../../../src/language/validationRules.ts';

/**
 * The texts the app shows by itself as the base fixture has them: the shell texts its app.yaml
 * declares (`shellTexts:`) and the validation messages. Tests pass these instead of
 * src/compiler/runtimeTexts.ts so that a component adding a text does not change every expected
 * report; the shell-text checks themselves have their own cases. (Written out rather than taken
 * from src/compiler/runtimeTexts.ts: tests mock that module with this one.)
 */
export const fixtureRuntimeTexts: RuntimeTexts = {
  requiredShell: {
    'common:stepProgress': ['n', 'm'],
    'common:stepperLabel': ['n', 'm', 'label'],
    'common:skipToContent': [],
    'common:mainNavigation': [],
  },
  derived: Object.fromEntries(Object.values(validationRules).map((rule) => [rule.message, rule.fills])),
  emails: {},
};
