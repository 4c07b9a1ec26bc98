/**
 * Session-storage keys (they last for the browser tab). Funnel YAML refers to them
 * as `storage.<key>` / `{ storage: key }`.
 */
export const sessionStorageKeys = [
  'paymentMethod',
  'fourClass',
  'utmParamsObject',
  'current_page',
  'last_page',
  'justRegistered',
  'gtmRegData',
  'userDetails',
  'selectedMinervaOffer',
  // Ours: the codes a gift or volume purchase just gave, for its completion page (not the address).
  'purchasedCodes',
] as const;

/** UTM and campaign parameters captured as attribution (last touch per tab, first touch kept). */
export const attributionParams = [
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_term',
  'utm_content',
  'iterable_campaign',
  'iterable_template',
] as const;
