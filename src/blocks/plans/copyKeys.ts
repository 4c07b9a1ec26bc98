/**
 * Copy the plan blocks read by themselves (copy/en/plans.yaml), whatever the funnel says: the
 * card texts and the plan names by planDataKey (`plans:plan.*`), each with the placeholders the
 * cards fill in it. The `texts` of every block that shows plan names or cards (its block.ts), so
 * `npm run check` wants them in every locale and they travel with the screens holding such a
 * block (tests/unit/runtime/copy-keys.test.ts finds a block that shows them without saying so).
 */
export const planCopyTexts: Readonly<Record<string, readonly string[]>> = {
  'plans:card.perMonth': ['perMonth'],
  'plans:card.oneTimePrice': ['price'],
  'plans:card.billedAnnually': [],
  'plans:card.billedEveryNMonths': ['months'],
  'plans:card.monthlyRenewal': [],
  'plans:card.lifetimePayment': ['price'],
  'plans:card.lifetimeFlag': [],
  'plans:card.trial': ['n', 'interval'],
  'plans:card.interval.day': [],
  'plans:card.interval.week': [],
  'plans:card.interval.month': [],
  'plans:card.planIncludes': [],
  'plans:card.premiumClasses': [],
  'plans:card.childProfiles': ['n'],
  'plans:comparison.feature': [],
  'plans:comparison.included': [],
  'plans:comparison.notIncluded': [],
  /** Names, flags, badges and 'Plan Includes' items by planDataKey: `plans:plan.<planDataKey>.title`... */
  'plans:plan.*': [],
  /** Names of offers that are more than their plan (a promo price, a gift), by offer id: `plans:offer.<id>`. */
  'plans:offer.*': [],
};
