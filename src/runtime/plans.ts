/**
 * Plan selection in the browser: which plan list to ask for and what to remember when a parent chooses a plan.
 * The rules themselves are the pure functions of src/domain/pricing.ts; this module reads and
 * writes the cookies and client state they speak of.
 */

import type { CookieJar } from '../browser/storage.ts';
import { PLAN_TAG_COOKIE, PLAN_TAG_FLAG_COOKIE, SELECTED_PLAN_COOKIE } from '../browser/storageKeys.ts';
import type { ClientStateKey } from '../domain/clientState.ts';
import { initialSelectedOfferId, type PricedOffer, resolvePlanTag } from '../domain/pricing.ts';

/** `?selected_plan=<offer id>`: the plan selected when the selector opens; the next page gets it too. */
export const SELECTED_PLAN_PARAM = 'selected_plan';
/** `?activePlanTag=<tag>`: which plan list the selector shows (`default`: the list without a tag). */
export const PLAN_TAG_PARAM = 'activePlanTag';
/** The analytics event sent when a parent chooses a plan. */
export const PLAN_SELECTED_EVENT = 'plan_selected';
/** How long the plan cookies are kept: a parent who comes back within a month finds the same plans. */
export const PLAN_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

export interface PlanTag {
  tag: string;
  /** What GetDefaultPlans is asked with: none for 'default'. */
  requestTag: string | undefined;
}

/** The plan tag now, from a flag variant's tag (first that holds), the address and the cookies. Reads only. */
export function currentPlanTag(
  search: string,
  cookies: Pick<CookieJar, 'get'>,
  flagTag: string | null | undefined,
): PlanTag & ReturnType<typeof resolvePlanTag> & { fromParam: boolean } {
  const param = new URLSearchParams(search).get(PLAN_TAG_PARAM);
  const resolved = resolvePlanTag({
    flagTag: flagTag ?? null,
    activePlanTagParam: param,
    planTagCookie: cookies.get(PLAN_TAG_COOKIE) ?? null,
    flagMarkerCookie: cookies.get(PLAN_TAG_FLAG_COOKIE) !== undefined,
  });
  return { ...resolved, fromParam: !resolved.setMarkerCookie && Boolean(param?.trim()) };
}

/**
 * Writes the tag's cookies: a flag's tag is kept with its marker; once the
 * flag is off, both go; a tag from the address is kept for the next pages (and sibling sites).
 */
export function keepPlanTag(cookies: CookieJar, now: ReturnType<typeof currentPlanTag>): void {
  const age = { maxAgeSeconds: PLAN_COOKIE_MAX_AGE_SECONDS };
  if (now.clearMarkerCookie) {
    cookies.remove(PLAN_TAG_FLAG_COOKIE);
    cookies.remove(PLAN_TAG_COOKIE);
  }
  if (now.setMarkerCookie) {
    cookies.set(PLAN_TAG_COOKIE, now.tag, age);
    cookies.set(PLAN_TAG_FLAG_COOKIE, '1', age);
  } else if (now.fromParam) cookies.set(PLAN_TAG_COOKIE, now.tag, age);
}

/** The plan selected when the list shows: `selected_plan`, then the cookie, then the list's annual plan. */
export function initialSelection(offers: readonly PricedOffer[], search: string, cookies: Pick<CookieJar, 'get'>): string | null {
  return initialSelectedOfferId(offers, {
    selectedPlanParam: new URLSearchParams(search).get(SELECTED_PLAN_PARAM),
    selectedPlanCookie: cookies.get(SELECTED_PLAN_COOKIE) ?? null,
  });
}

/**
 * The client state of a chosen plan: `initialSelectedOfferId`, and the list's
 * monthly and annual offers (`monthlyOfferId`, `annualOfferId`) — the chosen one when it is
 * of that duration, else the list's first — for the pages after the selector.
 */
export function chosenPlanState(offers: readonly PricedOffer[], chosenId: string): Partial<Record<ClientStateKey, string | null>> {
  const chosen = offers.find((o) => o.id === chosenId);
  const of = (duration: PricedOffer['subscriptionDuration']) =>
    chosen?.subscriptionDuration === duration ? chosen.id : (offers.find((o) => o.subscriptionDuration === duration)?.id ?? null);
  return { initialSelectedOfferId: chosenId, monthlyOfferId: of('monthly'), annualOfferId: of('annual') };
}

export interface ChoiceServices {
  cookies: CookieJar;
  setState(key: ClientStateKey, value: unknown): void;
  track(event: string, props: Record<string, unknown>): void;
}

/** A parent chose `offer`: the cookie, the client state and (when `track`) the analytics event. */
export function rememberChoice(
  s: ChoiceServices,
  offers: readonly (PricedOffer & { planId?: string })[],
  offer: PricedOffer & { planId?: string },
  o: { track: boolean; tag: string },
): void {
  s.cookies.set(SELECTED_PLAN_COOKIE, offer.id, { maxAgeSeconds: PLAN_COOKIE_MAX_AGE_SECONDS });
  for (const [key, value] of Object.entries(chosenPlanState(offers, offer.id))) s.setState(key as ClientStateKey, value);
  if (o.track)
    s.track(PLAN_SELECTED_EVENT, {
      webOfferId: offer.id,
      productId: offer.planId ?? null,
      productDuration: offer.subscriptionDuration,
      price: offer.price,
      planTag: o.tag,
    });
}
