import { defineBlock } from '../defineBlock.ts';
import { quizBlock } from './schema.ts';

export default defineBlock({
  type: 'quiz',
  schema: quizBlock,
  component: './Quiz.tsx',
  preload: true,
});
