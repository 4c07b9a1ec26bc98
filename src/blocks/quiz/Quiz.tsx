import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useCopy, useFacts, useRuntime } from '../../runtime/context.tsx';
import { buildHref, resolveTarget } from '../../runtime/targets.ts';
import type { BlockProps } from '../types.ts';
import { coderTypeOf } from './schema.ts';

/** The coder-type and value-proposition quizzes: radio groups, then the result. */
export default function Quiz({ block }: BlockProps<'quiz'>) {
  const t = useCopy();
  const rt = useRuntime();
  const facts = useFacts();
  const uid = useId();
  const stored = (facts.get('state.quiz.answers') ?? {}) as Record<string, number>;
  const [done, setDone] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);

  const answer = (question: string, n: number) => {
    rt.state.setKey(`quiz.answers.${question}`, n);
    if (missing === question) setMissing(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const open = block.questions.find((q) => {
      const a = stored[q.id];
      return !(a !== undefined && a >= 1 && a <= 4);
    });
    if (open) {
      setMissing(open.id);
      document.getElementById(`${uid}-${open.id}-1`)?.focus();
      return;
    }
    setDone(true);
    rt.analytics.track('quiz_completed', {
      quiz: block.kind,
      answers: Object.fromEntries(block.questions.map((q) => [q.id, stored[q.id]])),
    });
  };

  const type = done && block.kind === 'coderType' ? coderTypeOf(block, stored) : null;
  const result = type ? block.results?.[type] : undefined;
  const target = resolveTarget(block.next.to, facts, rt.config.app.links);
  const href = target ? buildHref(target, { keepQuery: false, currentSearch: '', query: {} }) : null;
  const missingQuestion = block.questions.find((q) => q.id === missing);

  return (
    <section id={block.id} className="quiz">
      <form onSubmit={submit} noValidate>
        {block.questions.map((q) => (
          <fieldset key={q.id} className="quiz__question" aria-invalid={missing === q.id || undefined}>
            <legend className="quiz__legend">{t(q.text)}</legend>
            {q.options.map((option, i) => {
              const id = `${uid}-${q.id}-${i + 1}`;
              return (
                <div key={option} className="quiz__option">
                  <input
                    type="radio"
                    id={id}
                    name={`${uid}-${q.id}`}
                    value={i + 1}
                    checked={stored[q.id] === i + 1}
                    onChange={() => answer(q.id, i + 1)}
                  />
                  <label htmlFor={id}>{t(option)}</label>
                </div>
              );
            })}
          </fieldset>
        ))}
        {missingQuestion && (
          <p className="notice notice--error" role="alert">
            {t(block.unanswered, { question: t(missingQuestion.text) })}
          </p>
        )}
        <button type="submit" className="button button--primary">
          {t(block.submit)}
        </button>
      </form>
      {done && (
        <div className="quiz__result" role="status">
          <h2 className="block-title">{t(block.resultTitle, { type: result ? t(result.title) : '' })}</h2>
          {result && <p>{t(result.text)}</p>}
          {block.kind === 'valueProps' && (
            <ul className="list list--check">
              {block.questions.map((q) => {
                const key = q.valueProps?.[stored[q.id]! - 1];
                return key ? <li key={q.id}>{t(key)}</li> : null;
              })}
            </ul>
          )}
          {href && target && (
            <p>
              {target.kind === 'external' ? (
                <a href={href} className="button button--primary">
                  {t(block.next.label)}
                </a>
              ) : (
                <Link to={href} className="button button--primary">
                  {t(block.next.label)}
                </Link>
              )}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
