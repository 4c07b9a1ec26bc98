/**
 * localStorage / cookie names the runtime owns. Tests seed a logged-in parent by writing
 * SESSION_KEY before the page loads.
 */
export const SESSION_KEY = 'ck.session'; // JSON { objectId, email, sessionToken }
export const CLIENT_STATE_KEY = 'ck.state'; // JSON ClientState (src/domain/clientState.ts)
export const FIRST_TOUCH_KEY = 'ck.utm.firstTouch'; // JSON attribution of the first visit
export const VARIANT_OVERRIDE_COOKIE = 'variantOverride';
export const EXPERIMENT_ID_COOKIE = 'experimentId';
export const FEATURE_ID_COOKIE = 'featureId';
export const VARIANT_OVERRIDE_PARAM = 'variantOverride';
/** Plan selection: the chosen offer id, the plan tag, and the mark that a flag set the tag. */
export const SELECTED_PLAN_COOKIE = 'selected_plan';
export const PLAN_TAG_COOKIE = 'activePlanTag';
export const PLAN_TAG_FLAG_COOKIE = 'activePlanTagByFlag';
/** Session storage: when the tab's 'Limited offer' countdown started (ms since the epoch; src/blocks/countdown). */
export const OFFER_COUNTDOWN_KEY = 'ck.offerCountdown';
/** localStorage: the language the parent chose (the footer's switcher, a `set state locale` action). */
export const LOCALE_CHOICE_KEY = 'ck.locale';
/** The query parameter that asks for a language: `?lang=es`. */
export const LOCALE_PARAM = 'lang';
