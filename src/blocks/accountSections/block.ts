import { defineBlock } from '../defineBlock.ts';
import { planCopyTexts } from '../plans/copyKeys.ts';
import { accountSectionsBlock } from './schema.ts';

export default defineBlock({
  type: 'accountSections',
  schema: accountSectionsBlock,
  component: () => import('./AccountSections.tsx'),
  texts: planCopyTexts,
});
