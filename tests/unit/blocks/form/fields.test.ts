/** What the checks of `{ form: x }`, `form.x` facts and `markFieldError` read of a form block (src/blocks/form/fields.ts). */
import { describe, expect, it } from 'vitest';
import form from '../../../../src/blocks/form/block.ts';
import { formFieldsOf } from '../../../../src/blocks/form/fields.ts';

describe('a form block’s fields', () => {
  it('are its fields’ names, with their types where written', () => {
    const read = formFieldsOf({
      name: 'signup',
      fields: [{ name: 'email', type: 'email' }, { name: 'password' }, { type: 'text' }, 'oops'],
    });
    expect(read).toEqual({ name: 'signup', fields: ['email', 'password'], fieldTypes: new Map([['email', 'email']]) });
  });

  it("are named 'this form' when the form has no name, and none when it has no fields", () => {
    expect(formFieldsOf({})).toEqual({ name: 'this form', fields: [], fieldTypes: new Map() });
  });

  it('are what the form block’s definition gives the checker', () => {
    expect(form.form).toBe(formFieldsOf);
  });
});
