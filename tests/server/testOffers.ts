/**
 * Monthly offers the payment tests add to the demo catalog: the sandbox's amounts decide the
 * outcome (a charge of $2001.00 is declined with 2001, Insufficient Funds), the trial decides
 * whether the purchase charges at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';

export interface TestMonthlyOffer {
  id: string;
  planId: string;
  name: string;
  priceCents: number;
  trialDays: number;
}

export const MONTHLY_NO_TRIAL: TestMonthlyOffer = {
  id: 'test_monthly_no_trial',
  planId: 'test_monthly_1234',
  name: 'Monthly, no trial',
  priceCents: 1234,
  trialDays: 0,
};

export async function insertTestMonthlyOffer(db: Kysely<Database>, offer: TestMonthlyOffer): Promise<void> {
  await db
    .insertInto('web_offers')
    .values({
      id: offer.id,
      plan_id: offer.planId,
      plan_name: offer.name,
      plan_data_key: 'monthly',
      subscription_duration: 'monthly',
      price_cents: offer.priceCents,
      trial_duration_days: offer.trialDays,
      subscription_type: 'recurring',
      description_key: 'Monthly',
      tags: ['test'],
    })
    .execute();
}
