/**
 * The account calls: login, signup, logout, existence, password and email changes,
 * password reset, customer details, payment history, email preferences, geo-IP and the side
 * effects the browser asks for (events, CRM, conversions), which go to the outbox.
 *
 * Sessions and rate limits are enforced before these run (src/server/functions.ts): a handler
 * of an `auth: 'session'` call gets the parent as `context.user`.
 */
import { domainHandlers } from '../functions.ts';
import { acknowledgeEmailRename, changeEmail, changePassword } from './credentialChanges.ts';
import { customerDetails, paymentHistory } from './customer.ts';
import { geoIp } from './geo.ts';
import { logIn, sessionAnswer, signUp } from './login.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';
import {
  emailPreferencesOf,
  hasAccount,
  queueConversionEvent,
  queueCrmAddedClass,
  queueCrmCustomer,
  queueUserEvent,
  setEmailPreferences,
} from './service.ts';
import type { AccountServices } from './services.ts';

const success = { success: true } as const;

export function accountHandlers(s: AccountServices) {
  return domainHandlers({
    async UserLogin(input, context) {
      return sessionAnswer(await logIn(s, input.username, input.password, { inPreview: context.preview }));
    },

    async CreateWebUser(input, context) {
      const user = await signUp(s, input, context);
      return { success: true, sessionToken: await s.sessions.create(user.id), id: user.id };
    },

    async CreateNewWebUser(input, context) {
      const user = await signUp(s, input, context);
      return { id: user.id };
    },

    async Logout(_input, context) {
      if (context.sessionToken) await s.sessions.revoke(context.sessionToken);
      return {};
    },

    async GetUserExistsByUsername(input) {
      return { exists: await hasAccount(s, input.username) };
    },

    async ChangePassword(input, context) {
      await changePassword(s, context, input.currentPassword, input.newPassword);
      return success;
    },

    async UpdateUserEmail(input, context) {
      return changeEmail(s, context, input.password, input.newUsername);
    },

    async ChangeUsername(input, context) {
      return changeEmail(s, context, input.password, input.newEmail);
    },

    async IterableUpdateEmail(input, context) {
      await acknowledgeEmailRename(s, context, input.oldEmail, input.newEmail);
      return success;
    },

    async RequestBeginPasswordReset(input) {
      await requestPasswordReset(s.db, input.email, s.now(), 'unified');
      return success;
    },

    async RequestPasswordResetLegacy(input) {
      await requestPasswordReset(s.db, input.email, s.now(), 'legacy');
      return success;
    },

    async VerifyBeginPasswordReset(input) {
      await resetPassword(s.db, s, input.token, input.password, s.now());
      return success;
    },

    async GetCustomerDetails(_input, context) {
      return customerDetails(s, context.user, s.now());
    },

    async GetPaymentHistory(_input, context) {
      return paymentHistory(s, context.user);
    },

    async GetSubscribedEmailLists(_input, context) {
      return emailPreferencesOf(s, context.user);
    },

    async IterableSetEmailPreferences(input, context) {
      const prefs = { marketingMessageChannel: input.marketingMessageChannel, parentNewsletterMessages: input.parentNewsletterMessages };
      await setEmailPreferences(s, context.user, prefs);
      return prefs;
    },

    // What a release preview tracks is test data: the CRM and the ads API are not told (docs/releases.md, "Previews").
    async TrackUserEvent(input, context) {
      if (!context.preview) await queueUserEvent(s, input);
      return success;
    },

    GetGeoIp(_input, context) {
      return geoIp(context.request, s.settings.geoCountryHeader);
    },

    async CrmAddCustomer(input, context) {
      if (!context.preview) await queueCrmCustomer(s, input);
      return success;
    },

    async CrmUpdateAfterAddClass(input, context) {
      if (!context.preview) await queueCrmAddedClass(s, context.user, input);
      return success;
    },

    async SendConversionEvent(input, context) {
      if (context.preview) return { status: 'skipped' as const };
      return { status: await queueConversionEvent(s, input, { ip: context.ip, userAgent: context.request.headers['user-agent'] ?? null }) };
    },
  });
}
