import { defineBlock } from '../defineBlock.ts';
import { planCopyTexts } from '../plans/copyKeys.ts';
import { accountSectionsBlock } from './schema.ts';

// Its sections hold blocks: its schema is built from the union of every block (../schemas.ts).
export default defineBlock({
  type: 'accountSections',
  schema: accountSectionsBlock,
  component: './AccountSections.tsx',
  texts: planCopyTexts,
});
