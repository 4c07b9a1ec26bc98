/**
 * Client state: what the funnels remember between pages. Everything here is
 * persisted in localStorage (experiments are not client state: they live in the flag store)
 * and reset to these values on logout. Funnel YAML refers to keys as `state.<key>` / `{ state: key }`.
 */
export interface QuizState {
  questions: string[];
  answers: Record<string, number>;
  externalAnsweredQuestionId: string | null;
}

export interface ClientState {
  emailToSave: string | null;
  checkboxOptInToSave: boolean;
  userCountryToSave: string | null;
  referralToSave: string | null;
  ageToSave: string | null;
  genderToSave: string | null;
  experienceToSave: string | null;
  expectedNextPage: string | null;
  showNoUpgradePopup: boolean;
  webOfferCode: string | null;
  webOffer: unknown;
  requiresShipping: boolean;
  shippingAddress: unknown;
  promoCouponCode: string | null;
  initialSelectedOfferId: string | null;
  monthlyOfferId: string | null;
  annualOfferId: string | null;
  emailErrorClass: string | null;
  passwordErrorClass: string | null;
  confirmPasswordErrorClass: string | null;
  referralErrorClass: string | null;
  isResubscribe: boolean;
  showBothSubTypes: boolean;
  minervaAddedClassId: string | null;
  minervaSelectedClassId: string | null;
  minervaSelectedClass: unknown;
  quiz: QuizState;
  locale: string;
  /**
   * Cancellation: 'Yes, cancel my plan' stores the plan being cancelled for
   * /dont-go/1 — `classes` says CancelMinervaClasses (else CancelSubscription); `email` is the
   * account's email as the server has it (CancelSubscription's payload).
   */
  cancelClass: { subscriptionId: string; classes: boolean; planName: string | null; email: string } | null;
}

export const initialClientState: ClientState = {
  emailToSave: null,
  checkboxOptInToSave: true,
  userCountryToSave: null,
  referralToSave: null,
  ageToSave: null,
  genderToSave: null,
  experienceToSave: null,
  expectedNextPage: null,
  showNoUpgradePopup: false,
  webOfferCode: null,
  webOffer: null,
  requiresShipping: false,
  shippingAddress: null,
  promoCouponCode: null,
  initialSelectedOfferId: null,
  monthlyOfferId: null,
  annualOfferId: null,
  emailErrorClass: null,
  passwordErrorClass: null,
  confirmPasswordErrorClass: null,
  referralErrorClass: null,
  isResubscribe: false,
  showBothSubTypes: false,
  minervaAddedClassId: null,
  minervaSelectedClassId: null,
  minervaSelectedClass: null,
  quiz: { questions: [], answers: {}, externalAnsweredQuestionId: null },
  locale: 'en',
  cancelClass: null,
};

export type ClientStateKey = keyof ClientState;
export const clientStateKeys = Object.keys(initialClientState) as ClientStateKey[];
