import { useContext, useEffect, useId, useState } from 'react';
import type { MinervaOffer } from '../../contract/entities.ts';
import { runActions } from '../../runtime/actions.ts';
import { ScreenSignal, useCopy, useRuntime } from '../../runtime/context.tsx';
import { LoadStatus } from '../LoadStatus.tsx';
import type { BlockProps } from '../types.ts';
import { type ClassOfferCard, offerCards } from './cards.ts';
import '../widget/classes.css';

type List = { status: 'loading' } | { status: 'ready'; cards: ClassOfferCard[] } | { status: 'failed' };

/** The class offers (STEP 1 OF 4 of the live-class funnel): choose one, it is kept as the selected class. */
export default function ClassOffers({ block }: BlockProps<'classOffers'>) {
  const rt = useRuntime();
  const t = useCopy();
  const signal = useContext(ScreenSignal);
  const uid = useId();
  const [list, setList] = useState<List>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    rt.backend.callFunction('GetMinervaOffers', {}).then(
      (offers) => live && setList({ status: 'ready', cards: offerCards(offers as MinervaOffer[]) }),
      (error: unknown) => {
        console.error('[classOffers] GetMinervaOffers failed', error);
        if (live) setList({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [rt]);

  const choose = async (card: ClassOfferCard) => {
    setBusy(true);
    await runActions(
      [
        { do: 'set', state: 'minervaSelectedClassId', value: card.id },
        { do: 'go', to: block.next },
      ],
      rt.services,
      { signal },
    );
    if (!signal?.aborted) setBusy(false);
  };

  const labelId = `${uid}-label`;
  const group = (kind: 'live' | 'onDemand') => {
    if (list.status !== 'ready') return null;
    const cards = list.cards.filter((c) => c.classType === kind);
    if (cards.length === 0) return null;
    return (
      <div className="class-offers__group">
        <h3 className="class-offers__kind">{t(kind === 'live' ? block.live : block.onDemand)}</h3>
        <ul className="class-offers__cards">
          {cards.map((card) => (
            <li key={card.id} className={`class-offer class-offer--${card.classType}`} data-offer={card.id}>
              <h4 className="class-offer__title">{card.title}</h4>
              {card.subtitle && <p className="class-offer__subtitle">{card.subtitle}</p>}
              <p className="class-offer__price">{t(block.price[card.duration], { price: card.price, months: String(card.months) })}</p>
              {card.trialDays > 0 && <p className="class-offer__trial">{t(block.trial, { days: String(card.trialDays) })}</p>}
              <button type="button" className="button button--primary" disabled={busy} onClick={() => void choose(card)}>
                {t(block.choose, { title: card.title })}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  };

  return (
    <section id={block.id} className="class-offers" aria-labelledby={labelId}>
      <h2 id={labelId} className="block-title">
        {t(block.label)}
      </h2>
      {list.status !== 'ready' && <LoadStatus failed={list.status === 'failed'} />}
      {group('live')}
      {group('onDemand')}
    </section>
  );
}
