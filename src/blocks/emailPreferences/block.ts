import { defineBlock } from '../defineBlock.ts';
import { emailPreferencesBlock } from './schema.ts';

export default defineBlock({
  type: 'emailPreferences',
  schema: emailPreferencesBlock,
  component: './EmailPreferences.tsx',
});
