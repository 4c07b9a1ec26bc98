import { z } from 'zod';
import { actionList } from '../../config/schema/actions.ts';
import { copyKey, identifier } from '../../config/schema/common.ts';
import { field } from '../../config/schema/fields.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * A form: fields with their rules, a submit button and the actions run on a valid submit.
 * On an invalid submit the first failing rule (in `checkOrder`, else field order) shows as a
 * notification and its field is marked. Form values are read by actions as `{ form: name }`.
 */
export const formBlock = strictObject({
  type: z.literal('form'),
  ...blockBase,
  name: identifier,
  fields: z.array(field).min(1),
  checkOrder: z.array(identifier).optional(),
  submit: copyKey,
  /** Copy shown on the submit button while the actions run. */
  submitting: copyKey.optional(),
  onSubmit: actionList,
  /** How long a validation notification stays, in ms (spec §5: 5000). */
  errorMs: z.number().int().min(0).optional(),
});
