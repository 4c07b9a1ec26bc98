import { describe, expect, test } from 'vitest';
import { coderTypeOf, quizBlock } from '../../src/blocks/quiz/schema.ts';

const questions = ['screenTimeAtHome', 'learnBest', 'goToActivity', 'growsUp'].map((id) => ({
  id,
  text: `quiz:${id}`,
  options: ['a', 'b', 'c', 'd'].map((x) => `quiz:${id}.${x}`),
}));

describe('Quiz A: the coder type', () => {
  test('the type chosen most; options map to TINKERER, CREATIVE, PROBLEM_SOLVER, COLLABORATOR in order', () => {
    expect(coderTypeOf({ questions }, { screenTimeAtHome: 2, learnBest: 3, goToActivity: 2, growsUp: 2 })).toBe('CREATIVE');
    expect(coderTypeOf({ questions }, { screenTimeAtHome: 4, learnBest: 4, goToActivity: 1, growsUp: 3 })).toBe('COLLABORATOR');
  });

  test('a tie goes to the type answered first', () => {
    expect(coderTypeOf({ questions }, { screenTimeAtHome: 3, learnBest: 1, goToActivity: 1, growsUp: 3 })).toBe('PROBLEM_SOLVER');
  });

  test('a question with its own mapping', () => {
    const mapped = [{ ...questions[0]!, types: ['COLLABORATOR', 'TINKERER', 'CREATIVE', 'PROBLEM_SOLVER'] as const }].map((q) => ({
      ...q,
      types: [...q.types],
    }));
    expect(coderTypeOf({ questions: mapped }, { screenTimeAtHome: 1 })).toBe('COLLABORATOR');
  });

  test('no result until every question has an answer from 1 to 4', () => {
    expect(coderTypeOf({ questions }, { screenTimeAtHome: 2, learnBest: 3, goToActivity: 2 })).toBeNull();
    expect(coderTypeOf({ questions }, { screenTimeAtHome: 2, learnBest: 3, goToActivity: 2, growsUp: 7 })).toBeNull();
  });

  test('the schema wants results for every type, and value texts for Quiz B', () => {
    const base = {
      type: 'quiz',
      questions,
      resultTitle: 'quiz:r',
      submit: 'quiz:s',
      unanswered: 'quiz:u',
      next: { label: 'quiz:n', to: '/' },
    };
    expect(quizBlock.safeParse({ ...base, kind: 'coderType' }).success).toBe(false);
    expect(quizBlock.safeParse({ ...base, kind: 'valueProps' }).success).toBe(false);
    const results = Object.fromEntries(
      ['TINKERER', 'CREATIVE', 'PROBLEM_SOLVER', 'COLLABORATOR'].map((t) => [t, { title: `quiz:${t}.t`, text: `quiz:${t}.x` }]),
    );
    expect(quizBlock.safeParse({ ...base, kind: 'coderType', results }).success).toBe(true);
  });
});
