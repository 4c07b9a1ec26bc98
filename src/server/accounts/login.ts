/**
 * Logging in and signing up, shared by the cloud functions (UserLogin, CreateWebUser,
 * CreateNewWebUser) and Parse's legacy REST routes (POST /api/login).
 */
import { captchaFailed } from '../auth/captcha.ts';
import { isActivePartner } from '../catalog/repository.ts';
import type { UserRow } from '../db/types.ts';
import { requestLanguage } from '../email/language.ts';
import type { CallContext, HandlerInput } from '../functions.ts';
import { enqueue } from '../outbox/outbox.ts';
import { trackAccountStatus } from './accountStatus.ts';
import { findUserByEmail, insertUser, updatePasswordHash } from './repository.ts';
import type { AccountServices } from './services.ts';
import { invalidCredentials, normalizeLogin, userAlreadyExists } from './users.ts';

type Signup = HandlerInput<'CreateWebUser'>;

export interface LoggedIn {
  user: UserRow;
  sessionToken: string;
}

/**
 * Checks the password (the same scrypt work whether or not the account exists), stores a
 * stronger hash when the cost has been raised since, and starts a new session.
 * A wrong email or password both answer 101 'Invalid username/password.' (INVALID_CREDENTIALS), and so
 * does a test account outside a release preview: it exists only there (docs/releases.md, "Previews").
 */
export async function logIn(s: AccountServices, username: string, password: string, o: { inPreview: boolean }): Promise<LoggedIn> {
  const user = await findUserByEmail(s.db, normalizeLogin(username));
  const ok = await s.passwords.verify(password, user?.password_hash ?? null);
  if (!user || !ok || (user.test_data && !o.inPreview)) throw invalidCredentials();
  if (s.passwords.needsRehash(user.password_hash)) {
    const stronger = await s.passwords.hash(password);
    await updatePasswordHash(s.db, user.id, stronger, s.now());
  }
  return { user, sessionToken: await s.sessions.create(user.id) };
}

/** The captcha of a signup: required by default (CAPTCHA_ON_SIGNUP), checked whenever one is sent. */
async function checkSignupCaptcha(s: AccountServices, token: string | undefined, context: CallContext) {
  if (!token && s.settings.signupCaptcha === 'optional') return;
  const verdict = await s.captcha.verify(token, s.settings.signupCaptchaActions, context.ip);
  if (!verdict.ok) {
    context.log.warn({ captcha: s.captcha.provider, reason: verdict.reason }, 'signup refused: bot check failed');
    throw captchaFailed();
  }
}

/** The signup answers kept with the account (less the secrets). */
function signupAnswers(signup: Signup): Record<string, unknown> {
  const answers: Record<string, unknown> = {
    referral: signup.referral,
    age: signup.age,
    gender: signup.gender,
    experience: signup.experience,
    attributionSource: signup.attributionSource,
    promoCode: signup.promoCode,
    utmParamsObject: signup.utmParamsObject,
    minervaLead: signup.minerva_lead,
  };
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== null));
}

/** The language the parent signs up in, kept with the signup answers: the account's emails are written in it. */
function signupLanguage(s: AccountServices, context: CallContext): { locale?: string } {
  const locale = requestLanguage(context.request.headers, s.settings.locales);
  return locale === null ? {} : { locale };
}

/** Creates the account (202 USER_ALREADY_EXISTS when the email is taken) and records the signup in the outbox. */
export async function signUp(s: AccountServices, input: Signup, context: CallContext): Promise<UserRow> {
  await checkSignupCaptcha(s, input.captchaToken, context);
  const passwordHash = await s.passwords.hash(input.password);
  const at = s.now();
  return s.db.transaction().execute(async (trx) => {
    // A partner's signup page names its partner; a name the catalog does not sell for is not kept (the report counts partners).
    const partner = input.partner && (await isActivePartner(trx, input.partner, context.previewDraftId)) ? input.partner : null;
    const user = await insertUser(trx, {
      email: normalizeLogin(input.username),
      passwordHash,
      partner,
      signup: { ...signupAnswers(input), ...signupLanguage(s, context) },
      confirmPromoEmails: input.confirmPromoEmails ?? false,
      // Made in a release preview: pays on the sandbox from now on, left out of the report.
      testData: context.preview,
      at,
    });
    if (!user) throw userAlreadyExists();
    await enqueue(trx, {
      type: 'accountCreated',
      payload: {
        userId: user.id,
        email: user.email,
        confirmPromoEmails: user.confirm_promo_emails,
        partner: user.partner,
        promoCode: input.promoCode ?? null,
        minervaLead: input.minerva_lead ?? false,
        utm: input.utmParamsObject ?? null,
        testData: context.preview,
      },
    });
    await trackAccountStatus(trx, { userId: user.id, email: user.email, status: 'Pretrial', about: user.id });
    return user;
  });
}

/** UserLogin's answer (the contract's session shape). */
export function sessionAnswer(loggedIn: LoggedIn) {
  const { user, sessionToken } = loggedIn;
  return { sessionToken, objectId: user.id, id: user.id, attributes: { email: user.email, username: user.email } };
}

/** A user as Parse's REST API shows it (POST /login, GET /users/me). */
export function parseUserJson(user: UserRow, sessionToken: string) {
  return {
    objectId: user.id,
    username: user.email,
    email: user.email,
    createdAt: new Date(user.created_at).toISOString(),
    updatedAt: new Date(user.updated_at).toISOString(),
    sessionToken,
  };
}
