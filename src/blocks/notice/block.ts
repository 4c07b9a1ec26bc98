import { defineBlock } from '../defineBlock.ts';
import { noticeBlock } from './schema.ts';

export default defineBlock({
  type: 'notice',
  schema: noticeBlock,
  component: './Notice.tsx',
  eager: true,
});
