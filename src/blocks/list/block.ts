import { defineBlock } from '../defineBlock.ts';
import { listBlock } from './schema.ts';

export default defineBlock({
  type: 'list',
  schema: listBlock,
  component: './List.tsx',
  eager: true,
});
