import { defineBlock } from '../defineBlock.ts';
import { formFieldsOf } from './fields.ts';
import { formBlock } from './schema.ts';

// react-hook-form and zod come with it, in its own chunk.
export default defineBlock({
  type: 'form',
  schema: formBlock,
  component: './Form.tsx',
  preload: true,
  form: formFieldsOf,
});
