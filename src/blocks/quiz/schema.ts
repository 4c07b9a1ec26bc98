import { z } from 'zod';
import { copyKey, filledCopyKey, identifier } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { blockBase } from '../common.ts';

export const CODER_TYPES = ['TINKERER', 'CREATIVE', 'PROBLEM_SOLVER', 'COLLABORATOR'] as const;

/**
 * The quizzes: questions of four options each, answered on one screen.
 * Answers are kept in client state `quiz.answers` by question id (option 1–4), the same place
 * the '/' quiz answer parameters go, so an answer given on the main site is already chosen.
 * `coderType` (Quiz A): each option maps to a coder type (`types`, in option order; default
 * TINKERER, CREATIVE, PROBLEM_SOLVER, COLLABORATOR) and the result is the type chosen most
 * (the first on a tie). `valueProps` (Quiz B): each option carries a value text, all shown.
 */
export const quizBlock = strictObject({
  type: z.literal('quiz'),
  ...blockBase,
  kind: z
    .enum(['coderType', 'valueProps'])
    .describe("coderType: the result is the coder type chosen most; valueProps: each answer's value text is shown."),
  questions: z
    .array(
      strictObject({
        id: identifier.describe("The question's id: its answer is kept by it."),
        text: copyKey.describe('The question.'),
        options: z.array(copyKey).length(4).describe('The four answers.'),
        types: z
          .array(z.enum(CODER_TYPES))
          .length(4)
          .optional()
          .describe('The coder type of each answer, in order (default TINKERER, CREATIVE, PROBLEM_SOLVER, COLLABORATOR).'),
        valueProps: z.array(copyKey).length(4).optional().describe('The value text of each answer, in order (valueProps quizzes).'),
      }),
    )
    .min(1)
    .describe('The questions, four answers each.'),
  results: z
    .record(
      z.enum(CODER_TYPES),
      strictObject({ title: copyKey.describe("The result's title."), text: copyKey.describe("The result's text.") }),
    )
    .optional()
    .describe("The result's title and text per coder type (coderType quizzes)."),
  resultTitle: filledCopyKey(['type']).describe('Above the result: {type}.'),
  submit: copyKey.describe('The submit button.'),
  unanswered: filledCopyKey(['question']).describe('The message when a question is left unanswered: {question}.'),
  next: strictObject({ label: copyKey.describe("The link's text."), to: target.describe('Where it leads.') }).describe(
    'A link under the result (to the plans).',
  ),
})
  .superRefine((v, ctx) => {
    if (v.kind === 'coderType') {
      const missing = CODER_TYPES.filter((t) => !v.results?.[t]);
      if (missing.length)
        ctx.addIssue({ code: 'custom', path: ['results'], message: `A coder-type quiz needs 'results:' for ${missing.join(', ')}.` });
    } else
      v.questions.forEach((q, i) => {
        if (!q.valueProps)
          ctx.addIssue({
            code: 'custom',
            path: ['questions', i, 'valueProps'],
            message: "A value-proposition quiz needs 'valueProps:' (four copy keys) on every question.",
          });
      });
  })
  .describe('A quiz of four-answer questions on one screen: a coder type as the result, or the value of each answer.');
type QuizBlock = z.infer<typeof quizBlock>;

/** Quiz A's result: the coder type chosen most, the first of the quiz order on a tie; null until all are answered. */
export function coderTypeOf(
  block: Pick<QuizBlock, 'questions'>,
  answers: Readonly<Record<string, number>>,
): (typeof CODER_TYPES)[number] | null {
  const counts = new Map<string, number>();
  const order: string[] = [];
  for (const q of block.questions) {
    const a = answers[q.id];
    if (a === undefined || !Number.isInteger(a) || a < 1 || a > 4) return null;
    const type = (q.types ?? CODER_TYPES)[a - 1]!;
    if (!counts.has(type)) order.push(type);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const type of order) if (best === null || counts.get(type)! > counts.get(best)!) best = type;
  return best as (typeof CODER_TYPES)[number] | null;
}
