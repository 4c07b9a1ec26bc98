import type { CustomerFacts } from '../../language/evaluate/facts.ts';

/** `GetCustomerDetails` as `customer.*` facts (the facts of src/language/factRegistry.ts). */
export function customerFacts(details: unknown, now = Date.now()): CustomerFacts {
  const d = (details ?? {}) as Record<string, unknown>;
  const sub = (d.activeSubscription ?? {}) as Record<string, unknown>;
  // A backend that does not tell trials by product (an older one) tells whether there was any.
  const usedTrials = (d.hasUsedTrialByProduct ?? { app: d.hasUsedTrial, classes: d.hasUsedTrial }) as Record<string, unknown>;
  const firstBilling =
    typeof sub.firstBillingDate === 'string' || typeof sub.firstBillingDate === 'number' ? new Date(sub.firstBillingDate).getTime() : NaN;
  return {
    expired: d.isExpired === true,
    hasPlan: Boolean(d.plan || d.classesPlan),
    gifted: d.isGifted === true,
    lifetime: d.isLifetime === true,
    trialActive: d.isTrialActive === true || (Number(sub.trialDuration) > 0 && firstBilling > now),
    usedAppTrial: usedTrials.app === true,
    usedClassesTrial: usedTrials.classes === true,
  };
}
