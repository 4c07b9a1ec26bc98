import { defineBlock } from '../defineBlock.ts';
import { widgetBlock } from './schema.ts';

export default defineBlock({
  type: 'widget',
  schema: widgetBlock,
  component: './Widget.tsx',
});
