import { useId } from 'react';
import type { WebOffer } from '../../contract/entities.ts';
import { comparisonOffer, formatUsd, percentSaving, perMonthCents, savingsCents } from '../../domain/pricing.ts';
import { offerForParent } from '../../domain/todayCharge.ts';
import { useCopy } from '../../runtime/context.tsx';
import { LoadStatus } from '../LoadStatus.tsx';
import { planCards } from '../plans/cards.ts';
import type { BlockProps } from '../types.ts';
import { useUsedTrials } from '../usedTrials.ts';
import { useSelectedPlan } from './selection.ts';
import './planPicker.css';

/** The recurring plan of the list that costs least per month (the best value), when it beats `selected`. */
function bestValue(offers: readonly WebOffer[], selected: WebOffer): { offer: WebOffer; percent: number } | null {
  let best: WebOffer | null = null;
  for (const o of offers) {
    const m = perMonthCents(o);
    if (m === null) continue;
    if (!best || m < perMonthCents(best)!) best = o;
  }
  if (!best || best.id === selected.id) return null;
  const percent = percentSaving(best, selected);
  return percent !== null && percent > 0 ? { offer: best, percent } : null;
}

/** The plan dropdown of /signup-payment with the savings blurb and the upsell. */
export default function PlanPicker({ block }: BlockProps<'planPicker'>) {
  const t = useCopy();
  const uid = useId();
  const [plan, choose] = useSelectedPlan(block.tag);
  const usedTrials = useUsedTrials();

  if (plan.status !== 'ready' || usedTrials === undefined) return <LoadStatus failed={plan.status === 'failed'} />;

  // A link to an offer outside the list (a partner's, a lifetime plan): the form's summary names it.
  if (plan.outside) return null;
  // No trial is offered to a parent who has had the product's.
  const cards = planCards(
    plan.offers.map((o) => offerForParent(o, usedTrials)),
    t,
    { selectedNote: block.selectedNote },
  );
  const selected = plan.selected;
  const card = cards.find((c) => c.offer.id === selected?.id) ?? null;
  const titleOf = (offer: WebOffer) => cards.find((c) => c.offer.id === offer.id)?.title ?? offer.offerTitle ?? offer.plan.name;

  let savings = '';
  if (block.savings && selected) {
    const against = comparisonOffer(plan.offers, selected);
    const amount = against && savingsCents(selected, against);
    const percent = against && percentSaving(selected, against);
    if (against && amount && percent)
      savings = t(block.savings, {
        title: titleOf(selected),
        amount: formatUsd(amount),
        percent: String(percent),
        comparison: titleOf(against),
      });
  }
  const upsell = block.upsell && block.upsellButton && selected ? bestValue(plan.offers, selected) : null;

  return (
    <section id={block.id} className="plan-picker">
      <label htmlFor={`${uid}-select`} className="plan-picker__label">
        {t(block.label)}
      </label>
      <select
        id={`${uid}-select`}
        className="plan-picker__select"
        value={selected?.id ?? ''}
        onChange={(e) => {
          const offer = plan.offers.find((o) => o.id === e.target.value);
          if (offer) choose(offer);
        }}
      >
        {cards.map((c) => (
          <option key={c.offer.id} value={c.offer.id}>
            {[c.title, [c.price, c.billing].filter(Boolean).join(' '), c.trial].filter(Boolean).join(' · ')}
          </option>
        ))}
      </select>
      {card?.note && <p className="plan-picker__note">{card.note}</p>}
      {savings && <p className="plan-picker__savings">{savings}</p>}
      {upsell && block.upsell && block.upsellButton && (
        <div className="plan-picker__upsell">
          <p>
            {t(block.upsell, {
              title: titleOf(upsell.offer),
              percent: String(upsell.percent),
              perMonth: formatUsd(perMonthCents(upsell.offer)!),
            })}
          </p>
          <button type="button" className="button button--secondary" onClick={() => choose(upsell.offer)}>
            {t(block.upsellButton, { title: titleOf(upsell.offer) })}
          </button>
        </div>
      )}
    </section>
  );
}
