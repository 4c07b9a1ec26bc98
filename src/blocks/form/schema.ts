import { z } from 'zod';
import { actionList } from '../../language/schema/actions.ts';
import { copyKey, identifier } from '../../language/schema/common.ts';
import { field } from '../../language/schema/fields.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * A form: fields with their rules, a submit button and the actions run on a valid submit.
 * On an invalid submit the first failing rule (in `checkOrder`, else field order) shows as a
 * notification and its field is marked. Form values are read by actions as `{ form: name }`.
 */
export const formBlock = strictObject({
  type: z.literal('form'),
  ...blockBase,
  name: identifier.describe("The form's name, unique on the screen."),
  fields: z.array(field).min(1).describe('The fields, in the order shown.'),
  checkOrder: z
    .array(identifier)
    .optional()
    .describe("The fields whose rules are checked first, in this order (then the others, in the form's order)."),
  submit: copyKey.describe('The submit button.'),
  submitting: copyKey.optional().describe('The submit button while the actions run.'),
  onSubmit: actionList.describe('What a valid submit does; fields are read as { form: name }.'),
  errorMs: z.number().int().min(0).optional().describe('How long a validation message stays, in milliseconds (5000).'),
}).describe('A form: fields with their rules, a submit button and what a valid submit does.');
