import { defineBlock } from '../defineBlock.ts';
import { listBlock } from './schema.ts';

export default defineBlock({
  type: 'list',
  schema: listBlock,
  component: () => import('./List.tsx'),
  eager: true,
});
