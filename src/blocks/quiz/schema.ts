import { z } from 'zod';
import { copyKey, filledCopyKey, identifier } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { target } from '../../config/schema/targets.ts';
import { blockBase } from '../common.ts';

export const CODER_TYPES = ['TINKERER', 'CREATIVE', 'PROBLEM_SOLVER', 'COLLABORATOR'] as const;

/**
 * The quizzes of spec §3 (§2.12): questions of four options each, answered on one screen.
 * Answers are kept in client state `quiz.answers` by question id (option 1–4), the same place
 * the '/' quiz answer parameters go, so an answer given on the main site is already chosen.
 * `coderType` (Quiz A): each option maps to a coder type (`types`, in option order; default
 * TINKERER, CREATIVE, PROBLEM_SOLVER, COLLABORATOR) and the result is the type chosen most
 * (the first on a tie). `valueProps` (Quiz B): each option carries a value text, all shown.
 */
export const quizBlock = strictObject({
  type: z.literal('quiz'),
  ...blockBase,
  kind: z.enum(['coderType', 'valueProps']),
  questions: z
    .array(
      strictObject({
        id: identifier,
        text: copyKey,
        options: z.array(copyKey).length(4),
        types: z.array(z.enum(CODER_TYPES)).length(4).optional(),
        valueProps: z.array(copyKey).length(4).optional(),
      }),
    )
    .min(1),
  /** Quiz A: the result's title and text per coder type. */
  results: z.record(z.enum(CODER_TYPES), strictObject({ title: copyKey, text: copyKey })).optional(),
  /** Above the result. */
  resultTitle: filledCopyKey(['type']),
  submit: copyKey,
  /** When a question is left unanswered: {question}. */
  unanswered: filledCopyKey(['question']),
  /** A link under the result (to the plans). */
  next: strictObject({ label: copyKey, to: target }),
}).superRefine((v, ctx) => {
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
});
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
