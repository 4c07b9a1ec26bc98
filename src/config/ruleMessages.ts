import type { Rule } from './schema/fields.ts';

/**
 * Default message copy key of each validation rule (copy/<locale>/validation.yaml). Its own
 * module, free of zod, so the browser's form engine and the checker share it.
 */
export const defaultRuleMessages: Record<Rule['rule'], string> = {
  required: 'validation:required',
  email: 'validation:email',
  noCapitals: 'validation:noCapitals',
  length: 'validation:length',
  maxLength: 'validation:maxLength',
  matches: 'validation:matches',
  checked: 'validation:checked',
  numeric: 'validation:numeric',
};
