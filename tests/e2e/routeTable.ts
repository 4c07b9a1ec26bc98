/**
 * The route table, as the browser tests check it. Written from the spec, not from
 * funnels/: a config that drifts from the spec fails these tests.
 */
import type { ClientState } from '../../src/domain/clientState.ts';

export const PARTNER_PAGE_PATHS = [
  '/email-wall',
  '/quiz',
  '/choose-plan',
  '/signup-register',
  '/signup-thankyou',
  '/gympass',
  '/wegrowsa',
  '/wegrowsa-register',
  '/legovip',
  '/legovip-register',
  '/caprikon',
  '/caprikon-register',
];

export const MAIN_SITE_PATHS = ['/tryclasses', '/addclasses'];

export interface OwnScreen {
  path: string;
  /** Texts of the spec this screen shows (besides its level-1 heading). */
  texts?: (string | RegExp)[];
  loggedIn?: boolean;
  /** Client state a parent has on arriving here (the screen's own redirects need it). */
  clientState?: Partial<ClientState>;
}

/** A class chosen on /tryclasses (main site) before the sign-up step; an add-on chosen before add-classes login. */
const selectedClass: Partial<ClientState> = { minervaSelectedClassId: 'minerva_with_multi_classes' };
const addedClass: Partial<ClientState> = { minervaAddedClassId: 'minerva_add_on_4_classes' };

/** 'STEP 2 OF 4', whatever the case the copy uses. */
export const step = (n: number, of: number) => new RegExp(`STEP ${n} OF ${of}`, 'i');

export const OWN_SCREENS: OwnScreen[] = [
  { path: '/login', texts: ['Log into your account', 'Welcome back!'] },
  { path: '/promo' },
  { path: '/promo-thankyou' },
  { path: '/tryclasses-signup', texts: [step(2, 4)], clientState: selectedClass },
  { path: '/tryclasses-login', texts: [step(2, 4)] },
  { path: '/tryclasses-select' },
  { path: '/tryclasses-thankyou' },
  { path: '/tryclasses-thankyouapp' },
  { path: '/tryclassesfree', texts: ['Try a Free Class!'] },
  { path: '/tryclassesfree-signup', texts: [step(1, 2)] },
  { path: '/tryclassesfree-schedule', texts: [step(2, 2)] },
  { path: '/addclasses-login', texts: [step(1, 3)], clientState: addedClass },
  { path: '/addclasses-payment', texts: [step(2, 3), 'STANDARD CHECKOUT'], loggedIn: true, clientState: addedClass },
  { path: '/addclasses-thankyou-semester', texts: [step(3, 3), 'Book your free class', 'COURSE'] },
  { path: '/addclasses-thankyou-dropin', texts: [step(3, 3), 'Book your free class', 'FIRST'] },
];

export const ON_DEMAND_PATHS = [
  '/how-to-redeem',
  '/gift',
  '/gift-complete',
  '/girl-scouts-councils-request',
  '/girl-scouts-councils-request-complete',
  '/girl-scouts-parents',
  '/volume-purchase',
  '/volume-purchase-complete',
  '/complete',
  '/request-password-reset',
  '/reset-password',
];

export const GUARDED_PATHS = [
  '/my-account',
  '/dont-go/1',
  '/signup-payment',
  '/promo-payment',
  '/tryclasses-payment',
  '/tryclasses-paymentapp',
  '/caprikon-payment',
];

export const TO_MY_ACCOUNT_PATHS = ['/wegrowsa-payment', '/legovip-payment'];

/** The account-creation screen (login links to it when a promo coupon is held). */
export const ACCOUNT_CREATION_PATH = '/register';

export const NOT_FOUND_TEXTS = ['You found a Glitch!', /This means you are looking for a page that doesn['’]t exist\./];

export const SESSION_LOST_TEXT =
  'It seems like you have logged out of your account. ' +
  'You will be prompted to log back in. If you find this is an error, please contact us.';

/** Class-funnel screens whose header and footer take the class style, with what they need to render. */
export const CLASS_LAYOUT_SCREENS = OWN_SCREENS.filter((s) => /^\/(tryclasses|addclasses)/.test(s.path));
