import { type FormEvent, useContext, useId, useState } from 'react';
import { evaluateCondition } from '../../language/evaluate/conditions.ts';
import { runActions } from '../../runtime/actions.ts';
import { ScreenSignal, useCopy, useFacts, useRuntime } from '../../runtime/context.tsx';
import { TargetLink } from '../../runtime/ui/TargetLink.tsx';
import type { BlockProps } from '../types.ts';
import '../accountSections/account.css';

/**
 * The retention step of a cancellation (/dont-go/1): the reasons, an offer where the config
 * has one, and the final confirmation. 'Yes, cancel my plan' runs `onConfirm` with
 * `{ result: reason }`; 'No, go back' leads to `back`. Without a plan being cancelled
 * (`state.cancelClass`), there is nothing to confirm.
 */
export default function CancelPlan({ block }: BlockProps<'cancelPlan'>) {
  const rt = useRuntime();
  const t = useCopy();
  const facts = useFacts();
  const signal = useContext(ScreenSignal);
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const base = block.id ?? `cancel-${uid}`;
  const tx = (name: string) => t(`${block.copy}.${name}`);
  const [reason, setReason] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [offerBusy, setOfferBusy] = useState(false);

  if (!facts.get('state.cancelClass'))
    return (
      <div id={block.id} className="cancel-plan">
        <p>{tx('noPlan')}</p>
        <p className="link-block">
          <TargetLink to={block.back} className="button button--primary">
            {tx('noGoBack')}
          </TargetLink>
        </p>
      </div>
    );

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!reason) {
      setInvalid(true);
      rt.notifications.show({ text: `${block.copy}.reasonRequired`, literal: false, params: {}, level: 'error', ms: 5000 });
      document.getElementById(`${base}-reason-0`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await runActions(block.onConfirm, rt.services, { signal, result: { reason: t(reason) } });
    } finally {
      if (!signal?.aborted) setBusy(false);
    }
  };

  const offer = block.offer && evaluateCondition(block.offer.when, facts) ? block.offer : null;
  return (
    <form id={block.id} className="form cancel-plan" noValidate onSubmit={(e) => void confirm(e)}>
      <fieldset className="cancel-reasons" aria-invalid={invalid || undefined}>
        <legend>{tx('reasonsLegend')}</legend>
        {block.reasons.map((key, i) => (
          <div key={key} className="field field--radio">
            <input
              type="radio"
              id={`${base}-reason-${i}`}
              name={`${base}-reason`}
              value={key}
              checked={reason === key}
              onChange={() => {
                setReason(key);
                setInvalid(false);
              }}
            />
            <label htmlFor={`${base}-reason-${i}`}>{t(key)}</label>
          </div>
        ))}
      </fieldset>
      {offer && (
        <section className="cancel-offer" aria-labelledby={`${base}-offer`}>
          <h2 id={`${base}-offer`}>{t(offer.title)}</h2>
          <p>{t(offer.text)}</p>
          <p className="button-block">
            <button
              type="button"
              className="button button--primary"
              disabled={offerBusy}
              onClick={async () => {
                setOfferBusy(true);
                await runActions(offer.actions, rt.services, { signal });
                if (!signal?.aborted) setOfferBusy(false);
              }}
            >
              {t(offer.label)}
            </button>
          </p>
        </section>
      )}
      <p className="cancel-plan__question">
        <strong>{tx('confirm')}</strong>
      </p>
      <p className="button-block plan-edit__actions">
        <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy || undefined}>
          {tx(busy ? 'cancelling' : 'yesCancel')}
        </button>
        <TargetLink to={block.back} className="button button--primary">
          {tx('noGoBack')}
        </TargetLink>
      </p>
    </form>
  );
}
