import { type MouseEvent, useEffect, useEffectEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import type { WebOffer } from '../../contract/entities.ts';
import { displayOrder } from '../../domain/pricing.ts';
import { evaluateCondition } from '../../language/evaluate/conditions.ts';
import { useCopy, useFacts, useRuntime } from '../../runtime/context.tsx';
import { fetchPlanList, keptPlanList } from '../../runtime/data/planList.ts';
import { useBackendData } from '../../runtime/data/useBackendData.ts';
import { currentPlanTag, initialSelection, keepPlanTag, rememberChoice, SELECTED_PLAN_PARAM } from '../../runtime/plans.ts';
import { buildHref, resolveTarget } from '../../runtime/targets.ts';
import { LoadStatus } from '../LoadStatus.tsx';
import type { BlockProps } from '../types.ts';
import { type PlanCard, planCards } from './cards.ts';
import './plans.css';

type PlanList =
  | { status: 'loading'; tag: string }
  | { status: 'ready'; tag: string; offers: WebOffer[]; selected: string | null }
  | { status: 'failed'; tag: string };

const onResize = (notify: () => void) => {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
};

/**
 * The plan selector: the plan list of the current tag as cards, in the experiment's or the device's order; a
 * choice of one (radio group) with a call to action, or a 'Choose Plan' link per card. Choosing remembers the
 * plan (cookie, client state, event).
 */
export default function Plans({ block }: BlockProps<'plans'>) {
  const rt = useRuntime();
  const data = useBackendData();
  const t = useCopy();
  const facts = useFacts();
  const { search } = useLocation();
  const uid = useId();
  const mobile = useSyncExternalStore(onResize, rt.browser.mobile, rt.browser.mobileAsRendered ?? rt.browser.mobile);
  const tracked = useRef(new Set<string>());

  const flagTag = block.tags?.find((x) => evaluateCondition(x.when, facts))?.tag;
  const planTag = currentPlanTag(search, rt.browser.cookies, flagTag);
  const { tag, requestTag, setMarkerCookie, clearMarkerCookie, fromParam } = planTag;
  // A list the data layer keeps (a server-rendered page brings its own) shows at once, and is not asked for again.
  const [list, setList] = useState<PlanList>(() => {
    const shown = keptPlanList(data, requestTag, tag);
    return shown
      ? { status: 'ready', ...shown, selected: initialSelection(shown.offers, search, rt.browser.cookies) }
      : { status: 'loading', tag };
  });
  const shownAtOnce = useRef(list.status === 'ready' ? { requestTag } : null);

  const keepTag = useEffectEvent(() => keepPlanTag(rt.browser.cookies, planTag));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cookies follow these fields of the tag (planTag is new every render)
  useEffect(() => keepTag(), [tag, setMarkerCookie, clearMarkerCookie, fromParam]);

  // The list of the tag, asked again when the tag changes.
  const loadPlans = useEffectEvent((asking: string | undefined, live: () => boolean) => {
    const shown = shownAtOnce.current;
    shownAtOnce.current = null;
    if (shown && shown.requestTag === asking) return;
    setList({ status: 'loading', tag });
    void fetchPlanList(data, asking, tag).then(
      (shown) =>
        live() &&
        setList({ status: 'ready', ...shown, selected: initialSelection(shown.offers, window.location.search, rt.browser.cookies) }),
      (error: unknown) => {
        console.error('[plans] GetDefaultPlans failed', error);
        if (live()) setList({ status: 'failed', tag });
      },
    );
  });
  useEffect(() => {
    let live = true;
    loadPlans(requestTag, () => live);
    return () => {
      live = false;
    };
  }, [requestTag]);

  const label = t(block.label);
  const labelId = `${uid}-label`;
  if (list.status !== 'ready')
    return (
      <section id={block.id} className="plans" aria-labelledby={labelId}>
        <h2 id={labelId} className="block-title">
          {label}
        </h2>
        <LoadStatus failed={list.status === 'failed'} />
      </section>
    );

  const experimentOrder = block.orders?.find((o) => evaluateCondition(o.when, facts))?.durations ?? null;
  const ordered = displayOrder(list.offers, { device: mobile ? 'mobile' : 'desktop', experimentOrder });
  const cards = planCards(ordered, t, { saveBadge: block.saveBadge, selectedNote: block.selectedNote });
  const selected = cards.find((c) => c.offer.id === list.selected) ?? null;
  const buttons = block.chooseButtons !== undefined && evaluateCondition(block.chooseButtons, facts);

  const choose = (card: PlanCard, o: { track: boolean } = { track: true }) => {
    const track = o.track && !tracked.current.has(card.offer.id);
    if (track) tracked.current.add(card.offer.id);
    rememberChoice(
      { cookies: rt.browser.cookies, setState: (k, v) => rt.state.setKey(k, v), track: (e, p) => rt.analytics.track(e, p) },
      list.offers,
      card.offer as WebOffer,
      { track, tag: list.tag },
    );
    if (list.selected !== card.offer.id) setList({ ...list, selected: card.offer.id });
  };

  const target = resolveTarget(block.next, facts, rt.config.app.links);
  const hrefFor = (card: PlanCard) =>
    target
      ? buildHref(target, { keepQuery: block.keepQuery, currentSearch: search, query: { [SELECTED_PLAN_PARAM]: card.offer.id } })
      : null;
  /** A link to `next` with this card's plan (a route through the router, another site as a plain link). */
  const nextLink = (card: PlanCard, className: string, text: string, describedBy?: string) => {
    const href = hrefFor(card);
    if (!href || !target) return null;
    const onClick = (e: MouseEvent) => {
      if (e.button === 0) choose(card);
    };
    if (target.kind === 'external')
      return (
        <a href={href} className={className} aria-describedby={describedBy} onClick={onClick}>
          {text}
        </a>
      );
    return (
      <Link to={href} className={className} aria-describedby={describedBy} onClick={onClick}>
        {text}
      </Link>
    );
  };

  const days = (selected ?? cards.find((c) => c.trialDays > 0))?.trialDays ?? 0;
  const prompt = block.prompt && days > 0 && <p className="plans__prompt">{t(block.prompt, { days: String(days) })}</p>;
  const ids = (card: PlanCard) => {
    const base = `${uid}-${card.offer.id}`;
    return { input: `${base}-input`, title: `${base}-title`, details: `${base}-details`, note: `${base}-note` };
  };

  if (buttons)
    return (
      <section id={block.id} className="plans" aria-labelledby={labelId}>
        <h2 id={labelId} className="block-title">
          {label}
        </h2>
        {prompt}
        <ul className="plans__cards">
          {cards.map((card) => (
            <li key={card.offer.id} className="plan-card" data-plan={card.offer.id}>
              <div className="plan-card__body">
                <CardBody card={card} ids={ids(card)} />
              </div>
              <CardIncludes card={card} t={t} />
              <p className="plan-card__choose">{nextLink(card, 'button button--primary', t(block.choose ?? block.cta), ids(card).title)}</p>
            </li>
          ))}
        </ul>
      </section>
    );

  return (
    <fieldset id={block.id} className="plans">
      <legend className="block-title plans__legend">{label}</legend>
      {prompt}
      <div className="plans__cards">
        {cards.map((card) => {
          const on = card.offer.id === selected?.offer.id;
          const id = ids(card);
          const note = on && card.note;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the card picks it; the radio in it is the keyboard control
            // biome-ignore lint/a11y/noStaticElementInteractions: the card only widens the click target of the radio in it
            <div
              key={card.offer.id}
              className={`plan-card plan-card--selectable${on ? ' plan-card--selected' : ''}`}
              data-plan={card.offer.id}
              onClick={(e) => !on && !(e.target as Element).closest('label, input') && choose(card)}
            >
              <input
                type="radio"
                className="plan-card__radio"
                id={id.input}
                name={`${uid}-plan`}
                value={card.offer.id}
                checked={on}
                onChange={() => choose(card)}
                aria-labelledby={id.title}
                aria-describedby={note ? `${id.details} ${id.note}` : id.details}
              />
              <label htmlFor={id.input} className="plan-card__body">
                <CardBody card={card} ids={id} />
              </label>
              <CardIncludes card={card} t={t} />
              {note && (
                <p id={id.note} className="plan-card__note">
                  {note}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {selected && <p className="plans__cta">{nextLink(selected, 'button button--primary', t(block.cta))}</p>}
    </fieldset>
  );
}

function CardBody({ card, ids }: { card: PlanCard; ids: { title: string; details: string } }) {
  return (
    <>
      {card.flag && <span className="plan-card__flag">{card.flag}</span>}
      <span className="plan-card__name">
        <span id={ids.title} className="plan-card__title">
          {card.title}
        </span>
        {card.badge && <span className="plan-card__badge">{card.badge}</span>}
      </span>
      <span id={ids.details} className="plan-card__details">
        {card.saving && <span className="plan-card__saving">{card.saving}</span>}
        {card.trial && <span className="plan-card__trial">{card.trial}</span>}
        <span className="plan-card__price">
          {card.price}
          {card.billing && <span className="plan-card__billing"> {card.billing}</span>}
        </span>
        {card.legal && <span className="plan-card__legal">{card.legal}</span>}
      </span>
    </>
  );
}

function CardIncludes({ card, t }: { card: PlanCard; t: (key: string) => string }) {
  if (card.includes.length === 0) return null;
  return (
    <div className="plan-card__includes">
      <p className="plan-card__includes-title">{t('plans:card.planIncludes')}</p>
      <ul className="list list--check">
        {card.includes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
