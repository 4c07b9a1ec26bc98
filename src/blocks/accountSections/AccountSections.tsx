import { type KeyboardEvent, type ReactNode, useContext, useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import type { CustomerDetails, WebOffer } from '../../contract/entities.ts';
import { runActions } from '../../runtime/actions.ts';
import { ScreenSignal, useCatalogLanguage, useCopy, useObservable, useRuntime } from '../../runtime/context.tsx';
import { Blocks } from '../../runtime/ui/Blocks.tsx';
import { LoadStatus } from '../LoadStatus.tsx';
import { planName } from '../plans/planName.ts';
import type { BlockProps } from '../types.ts';
import { PlanPanel } from './PlanPanel.tsx';
import { mayResubscribe, type PlanView, planViews } from './planView.ts';
import './account.css';

/** The account page switches to accordions below 640 px. */
const NARROW = '(max-width: 639.98px)';

const narrowQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : null);

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => narrowQuery()?.matches ?? false);
  useEffect(() => {
    const query = narrowQuery();
    if (!query) return;
    const on = () => setNarrow(query.matches);
    query.addEventListener('change', on);
    on();
    return () => query.removeEventListener('change', on);
  }, []);
  return narrow;
}

interface Entry {
  key: string;
  /** 'plan' entries are the sub-entries of Manage Plans. */
  group: 'plan' | 'section';
  title: string;
  render: () => ReactNode;
}

/**
 * The account page: Manage Plans with one entry per app plan and per classes plan,
 * then the config's sections. Tabs (tablist semantics, arrow keys) on wide screens; accordions
 * (buttons with aria-expanded) below 640 px. Only the open entry is mounted, so a form inside
 * exists once on the page.
 */
export default function AccountSections({ block }: BlockProps<'accountSections'>) {
  const rt = useRuntime();
  const t = useCopy();
  const catalogTitleFirst = useCatalogLanguage();
  const signal = useContext(ScreenSignal);
  const session = useObservable(rt.auth.session);
  const narrow = useNarrow();
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const base = block.id ?? `account-${uid}`;
  const tx = (name: string, params?: Record<string, string>) => t(`${block.copy}.${name}`, params);

  const [details, setDetails] = useState<CustomerDetails | null | undefined>(undefined);
  const [offers, setOffers] = useState<WebOffer[]>([]);
  // Read again for each session (a new login), with what the block asks for at that moment.
  const loadAccount = useEffectEvent((live: () => boolean) => {
    if (!session) return;
    rt.backend.callFunction('GetCustomerDetails', { customerId: session.objectId }).then(
      (d) => live() && setDetails(d as CustomerDetails),
      (e) => {
        console.error('[account] customer details', e);
        if (live()) setDetails(null);
      },
    );
    if (block.upgradeOffers?.length)
      rt.backend.callFunction('GetWebOffers', {}).then(
        (o) => live() && setOffers(o as WebOffer[]),
        () => undefined,
      );
  });
  const sessionToken = session?.sessionToken ?? null;
  useEffect(() => {
    if (sessionToken === null) return;
    let live = true;
    loadAccount(() => live);
    return () => {
      live = false;
    };
  }, [sessionToken]);

  const plans: PlanView[] = useMemo(() => (details ? planViews(details) : []), [details]);
  const resubscribe =
    details && block.onResubscribe && mayResubscribe(details) ? (
      <div className="account-resubscribe">
        <p>{tx('resubscribeText')}</p>
        <p className="button-block">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void runActions(block.onResubscribe, rt.services, { signal })}
          >
            {tx('resubscribe')}
          </button>
        </p>
      </div>
    ) : null;

  const entries: Entry[] = [];
  if (details === null)
    entries.push({ key: 'plans', group: 'plan', title: tx('plans'), render: () => <p role="alert">{tx('loadFailed')}</p> });
  else if (details && plans.length === 0)
    entries.push({
      key: 'plans',
      group: 'plan',
      title: tx('plans'),
      render: () => (
        <>
          <p>{tx('noPlan')}</p>
          {resubscribe}
        </>
      ),
    });
  plans.forEach((plan, i) => {
    entries.push({
      key: `plan-${i + 1}`,
      group: 'plan',
      title:
        planName(t, { id: plan.offerId, planDataKey: plan.planDataKey, offerTitle: plan.name }, { catalogTitleFirst }) ??
        tx(plan.classes ? 'classesPlan' : 'appPlan'),
      render: () => (
        <>
          <PlanPanel block={block} plan={plan} details={details!} offers={offers} idBase={`${base}-plan-${i + 1}`} />
          {i === 0 && resubscribe}
        </>
      ),
    });
  });
  for (const s of block.sections)
    entries.push({ key: s.id, group: 'section', title: t(s.title), render: () => <Blocks blocks={s.blocks} /> });

  // The first plan's tab is open first when a plan exists (entries start with the plans).
  const [open, setOpen] = useState<string | null>(null);
  const current = open !== null && entries.some((e) => e.key === open) ? open : (entries[0]?.key ?? null);
  const [accordionOpen, setAccordionOpen] = useState<string | null | undefined>(undefined);
  const accordionCurrent = accordionOpen === undefined ? current : accordionOpen;

  if (details === undefined) return <LoadStatus />;

  const id = (key: string, part: string) => `${base}-${key}-${part}`;

  if (narrow) {
    const planEntries = entries.filter((e) => e.group === 'plan');
    const accordion = (e: Entry, Heading: 'h2' | 'h3') => {
      const expanded = accordionCurrent === e.key;
      return (
        <div key={e.key} className={`account-accordion${expanded ? ' account-accordion--open' : ''}`}>
          <Heading className="account-accordion__heading">
            <button
              type="button"
              id={id(e.key, 'button')}
              className="account-accordion__button"
              aria-expanded={expanded}
              aria-controls={id(e.key, 'panel')}
              onClick={() => setAccordionOpen(expanded ? null : e.key)}
            >
              <span>{e.title}</span>
              {/* A mark drawn by CSS would join the button's accessible name. */}
              <span className="account-accordion__mark" aria-hidden="true">
                {expanded ? '\u2212' : '+'}
              </span>
            </button>
          </Heading>
          {/* biome-ignore lint/a11y/useSemanticElements: an accordion panel is a div with role region (ARIA accordion pattern) */}
          <div
            id={id(e.key, 'panel')}
            role="region"
            aria-labelledby={id(e.key, 'button')}
            className="account-accordion__panel"
            hidden={!expanded}
          >
            {expanded && e.render()}
          </div>
        </div>
      );
    };
    const onlyManagePlans = planEntries.length === 1 && planEntries[0]!.key === 'plans';
    return (
      <div id={block.id} className="account account--accordions">
        {onlyManagePlans ? (
          accordion(planEntries[0]!, 'h2')
        ) : (
          <section className="account-group" aria-labelledby={id('plans', 'group')}>
            <h2 id={id('plans', 'group')} className="account-group__title">
              {tx('plans')}
            </h2>
            {planEntries.map((e) => accordion(e, 'h3'))}
          </section>
        )}
        {entries.filter((e) => e.group === 'section').map((e) => accordion(e, 'h2'))}
      </div>
    );
  }

  const onKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = entries.length - 1;
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    const key = entries[to]!.key;
    setOpen(key);
    document.getElementById(id(key, 'tab'))?.focus();
  };
  const active = entries.find((e) => e.key === current);
  return (
    <div id={block.id} className="account account--tabs">
      <div role="tablist" aria-label={tx('sectionsLabel')} aria-orientation="vertical" className="account-tabs">
        {entries.map((e, i) => (
          <button
            key={e.key}
            type="button"
            role="tab"
            id={id(e.key, 'tab')}
            className={`account-tab account-tab--${e.group}`}
            aria-selected={e.key === current}
            aria-controls={id(e.key, 'panel')}
            tabIndex={e.key === current ? 0 : -1}
            onClick={() => setOpen(e.key)}
            onKeyDown={(ev) => onKey(ev, i)}
          >
            {e.group === 'plan' && e.key !== 'plans' && <span className="account-tab__group">{tx('plans')}</span>}
            <span className="account-tab__title">{e.title}</span>
          </button>
        ))}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={id(active.key, 'panel')}
          aria-labelledby={id(active.key, 'tab')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a tab stop after its tab (ARIA tabs pattern)
          tabIndex={0}
          className="account-panel"
        >
          <h2 className="account-panel__title">{active.title}</h2>
          {active.render()}
        </div>
      )}
    </div>
  );
}
