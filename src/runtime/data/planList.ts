import type { WebOffer } from '../../contract/entities.ts';
import { DEFAULT_PLAN_TAG } from '../../domain/pricing.ts';
import type { BackendData } from './backendData.ts';

export interface PlanList {
  tag: string;
  offers: WebOffer[];
}

/** The plan list of a tag (`asking`: the tag asked for, if any); a tag that names no plans shows the default list. */
export async function fetchPlanList(data: Pick<BackendData, 'read'>, asking: string | undefined, tag: string): Promise<PlanList> {
  const ask = (asked: string | undefined) => data.read('GetDefaultPlans', asked ? { tag: asked } : {});
  const offers = await ask(asking);
  return offers.length === 0 && asking ? { tag: DEFAULT_PLAN_TAG, offers: await ask(undefined) } : { tag, offers };
}

/**
 * The plan list as the cache keeps it (`fetchPlanList`'s answer without asking), or undefined when some of it is
 * not kept: a server-rendered page's cards show at once, with the list its page brought.
 */
export function keptPlanList(data: Pick<BackendData, 'peek'>, asking: string | undefined, tag: string): PlanList | undefined {
  const kept = (asked: string | undefined) => data.peek('GetDefaultPlans', asked ? { tag: asked } : {})?.value as WebOffer[] | undefined;
  const offers = kept(asking);
  if (offers?.length !== 0 || !asking) return offers && { tag, offers };
  const defaults = kept(undefined);
  return defaults && { tag: DEFAULT_PLAN_TAG, offers: defaults };
}
