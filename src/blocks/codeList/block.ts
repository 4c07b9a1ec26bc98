import { defineBlock } from '../defineBlock.ts';
import { codeListBlock } from './schema.ts';

export default defineBlock({
  type: 'codeList',
  schema: codeListBlock,
  component: './CodeList.tsx',
  preload: true,
});
