/**
 * Copy the plan blocks read by themselves (copy/en/plans.yaml), whatever the funnel says:
 * the card texts of spec §2.4 and the plan names by planDataKey (`plans:plan.*`). Listed in
 * src/config/runtimeCopyKeys.ts, so `npm run check` wants them in every locale.
 */
export const planCopyKeys: readonly string[] = [
  'plans:card.perMonth',
  'plans:card.oneTimePrice',
  'plans:card.billedAnnually',
  'plans:card.billedEveryNMonths',
  'plans:card.monthlyRenewal',
  'plans:card.lifetimePayment',
  'plans:card.lifetimeFlag',
  'plans:card.trial',
  'plans:card.interval.day',
  'plans:card.interval.week',
  'plans:card.interval.month',
  'plans:card.planIncludes',
  'plans:card.premiumClasses',
  'plans:card.childProfiles',
  'plans:comparison.feature',
  'plans:comparison.included',
  'plans:comparison.notIncluded',
  /** Names, flags, badges and 'Plan Includes' items by planDataKey: `plans:plan.<planDataKey>.title`... */
  'plans:plan.*',
];
