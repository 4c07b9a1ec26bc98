import type { CompiledScreen } from '../../compiler/compiled.ts';
import { useCopy } from '../context.tsx';

/** 'STEP n OF m', or a labelled stepper when the funnel names its steps. */
export function Progress({ progress }: { progress: NonNullable<CompiledScreen['progress']> }) {
  const t = useCopy();
  const { step, of, labels } = progress;
  const counts = { n: String(step), m: String(of) };
  if (!labels) return <p className="progress">{t('common:stepProgress', counts)}</p>;
  return (
    <ol className="stepper">
      {labels.map((label, i) => {
        const current = i + 1 === step;
        return (
          <li
            key={label}
            className={`stepper__step${current ? ' stepper__step--current' : i + 1 < step ? ' stepper__step--done' : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            <span className="stepper__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="stepper__label" aria-hidden="true">
              {t(label)}
            </span>
            <span className="visually-hidden">{t('common:stepperLabel', { ...counts, n: String(i + 1), label: t(label) })}</span>
          </li>
        );
      })}
    </ol>
  );
}
