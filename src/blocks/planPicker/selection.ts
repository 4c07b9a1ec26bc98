/**
 * The plan a parent is buying on the pages after the selector:
 * the plan list of the tag (GetDefaultPlans), and which of it is selected — a link's `?offer=`
 * (what the payment form sells first), the plan chosen before (client state
 * `initialSelectedOfferId`), `?selected_plan=`, the `selected_plan` cookie, the list's annual plan.
 * Choosing another keeps it where the selector keeps it (cookie, state) and drops `?offer=`.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { WebOffer } from '../../contract/entities.ts';
import { DEFAULT_PLAN_TAG } from '../../domain/pricing.ts';
import { useFacts, useRuntime } from '../../runtime/context.tsx';
import { currentPlanTag, initialSelection, rememberChoice } from '../../runtime/plans.ts';

export type SelectedPlan =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `outside`: the address names an offer (`?offer=`) that is not in the list; the payment form sells that one. */
  | { status: 'ready'; tag: string; offers: WebOffer[]; selected: WebOffer | null; outside: boolean };

/** The query parameter of a link straight to one offer (the payment form's `{ query: offer }`). */
export const OFFER_PARAM = 'offer';

/** The list of `fixedTag` (a partner's plans), else of the current plan tag, and the selected plan. */
export function useSelectedPlan(fixedTag?: string): [SelectedPlan, (offer: WebOffer) => void] {
  const rt = useRuntime();
  const facts = useFacts();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const planTag = currentPlanTag(search, rt.browser.cookies, fixedTag ?? null);
  const [list, setList] = useState<{ status: 'loading' } | { status: 'failed' } | { status: 'ready'; tag: string; offers: WebOffer[] }>({
    status: 'loading',
  });

  // Asked again when the tag asked for changes.
  const loadPlans = useEffectEvent((requestTag: string | undefined, live: () => boolean) => {
    const ask = (tag: string | undefined) => rt.backend.callFunction('GetDefaultPlans', tag ? { tag } : {});
    void ask(requestTag)
      .then(async (offers) =>
        offers.length === 0 && requestTag ? { tag: DEFAULT_PLAN_TAG, offers: await ask(undefined) } : { tag: planTag.tag, offers },
      )
      .then(
        (shown) => live() && setList({ status: 'ready', ...shown }),
        (error: unknown) => {
          console.error('[planPicker] GetDefaultPlans failed', error);
          if (live()) setList({ status: 'failed' });
        },
      );
  });
  const requestTag = planTag.requestTag;
  useEffect(() => {
    let live = true;
    loadPlans(requestTag, () => live);
    return () => {
      live = false;
    };
  }, [requestTag]);

  const stateId = facts.get('state.initialSelectedOfferId');
  const linked = new URLSearchParams(search).get(OFFER_PARAM)?.trim() || null;
  const ready = list.status === 'ready' ? list : null;
  const inList = (id: unknown): id is string => typeof id === 'string' && ready !== null && ready.offers.some((o) => o.id === id);
  const outside = linked !== null && !inList(linked);
  const selectedId =
    ready && !outside
      ? inList(linked)
        ? linked
        : inList(stateId)
          ? stateId
          : initialSelection(ready.offers, search, rt.browser.cookies)
      : null;
  const selected = ready?.offers.find((o) => o.id === selectedId) ?? null;

  const choose = (offer: WebOffer) => {
    if (!ready) return;
    rememberChoice(
      { cookies: rt.browser.cookies, setState: (k, v) => rt.state.setKey(k, v), track: (e, p) => rt.analytics.track(e, p) },
      ready.offers,
      offer,
      { track: true, tag: ready.tag },
    );
    if (linked !== null) {
      const query = new URLSearchParams(search);
      query.delete(OFFER_PARAM);
      const rest = query.toString();
      void navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    }
  };

  // The plan shown is the plan bought: keep it in client state, where the payment form reads it.
  const selectedOfferId = selected?.id ?? null;
  useEffect(() => {
    if (selectedOfferId !== null && stateId !== selectedOfferId) rt.state.setKey('initialSelectedOfferId', selectedOfferId);
  }, [rt, selectedOfferId, stateId]);

  if (list.status !== 'ready') return [list, choose];
  return [{ status: 'ready', tag: list.tag, offers: list.offers, selected, outside }, choose];
}
