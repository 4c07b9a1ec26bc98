import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';
import { insertSubscription } from '../../src/server/subscriptions/repository.ts';

/** The parent had a plan of `product` that began with a 7-day trial, and it has ended: no trial of that product again. */
export async function insertEndedTrial(db: Kysely<Database>, userId: string, product: 'app' | 'classes' = 'app'): Promise<void> {
  const at = new Date(Date.now() - 40 * 24 * 3600_000);
  await insertSubscription(db, {
    user_id: userId,
    customer_id: null,
    web_offer_id: product === 'app' ? 'monthly' : 'ondemand_monthly',
    class_add_on_id: null,
    product,
    status: 'Expired',
    price_cents: product === 'app' ? 999 : 1999,
    trial_duration_days: 7,
    source: 'purchase',
    code: null,
    gateway_subscription_id: null,
    payment_method_id: null,
    partner: null,
    created_at: at,
    updated_at: at,
  });
}
