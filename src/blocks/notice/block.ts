import { defineBlock } from '../defineBlock.ts';
import { noticeBlock } from './schema.ts';

export default defineBlock({
  type: 'notice',
  schema: noticeBlock,
  component: () => import('./Notice.tsx'),
  eager: true,
});
