import { trialLabelParams } from '../../domain/pricing.ts';
import { evaluateCondition } from '../../language/evaluate/conditions.ts';
import { useCopy, useFacts } from '../../runtime/context.tsx';
import { useSelectedPlan } from '../planPicker/selection.ts';
import { planCards } from '../plans/cards.ts';
import type { BlockProps } from '../types.ts';

/** The register header with the selected plan's trial; the default 7-day trial until the plan is known. */
export default function TrialHeading({ block }: BlockProps<'trialHeading'>) {
  const t = useCopy();
  const facts = useFacts();
  const [plan] = useSelectedPlan(block.tag);
  const offer = plan.status === 'ready' ? plan.selected : null;
  const trial = offer ? trialLabelParams(offer) : { n: 7, interval: 'day' as const };
  const title = offer ? (planCards([offer], t)[0]?.title ?? '') : '';
  const short = block.short !== undefined && block.shortWhen !== undefined && evaluateCondition(block.shortWhen, facts);
  const text =
    trial === null
      ? t(block.noTrial ?? block.text, { title, n: '', interval: '' })
      : t(short ? block.short! : block.text, { n: String(trial.n), interval: t(`plans:card.interval.${trial.interval}`), title });
  return (
    <h1 id={block.id} className="heading" tabIndex={-1}>
      {text}
    </h1>
  );
}
