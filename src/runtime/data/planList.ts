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
