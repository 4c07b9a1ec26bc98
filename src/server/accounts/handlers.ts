/**
 * The account calls of spec §7: login, signup, logout, existence, password and email changes,
 * password reset, customer details, payment history, email preferences, geo-IP and the side
 * effects the browser asks for (events, CRM, conversions), which go to the outbox.
 *
 * Sessions and rate limits are enforced before these run (src/server/functions.ts): a handler
 * of an `auth: 'session'` call gets the parent as `context.user`.
 */
import type { Handlers } from '../functions.ts';
import { enqueue } from '../outbox/outbox.ts';
import { credentialCallNames, credentialHandlers } from './credentialChanges.ts';
import { customerDetails, paymentHistory } from './customer.ts';
import { geoIp } from './geo.ts';
import { logIn, sessionAnswer, signUp } from './login.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';
import type { AccountServices } from './services.ts';
import { findUserById, normalizeLogin } from './users.ts';

export const accountCallNames = [
  'UserLogin',
  'CreateWebUser',
  'CreateNewWebUser',
  'Logout',
  'GetUserExistsByUsername',
  ...credentialCallNames,
  'RequestBeginPasswordReset',
  'RequestPasswordResetLegacy',
  'VerifyBeginPasswordReset',
  'GetCustomerDetails',
  'GetPaymentHistory',
  'GetSubscribedEmailLists',
  'IterableSetEmailPreferences',
  'TrackUserEvent',
  'GetGeoIp',
  'CrmAddCustomer',
  'CrmUpdateAfterAddClass',
  'SendConversionEvent',
] as const;
export type AccountCallName = (typeof accountCallNames)[number];

const success = { success: true } as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

export function accountHandlers(s: AccountServices): Pick<Handlers, AccountCallName> {
  return {
    ...credentialHandlers(s),

    async UserLogin(input) {
      return sessionAnswer(await logIn(s, input.username, input.password));
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
      const name = normalizeLogin(input.username);
      const row = await s.db.selectFrom('users').select('id').where('email', '=', name).executeTakeFirst();
      return { exists: row !== undefined };
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

    async GetCustomerDetails(input, context) {
      return customerDetails(s, context.user, s.now());
    },

    async GetPaymentHistory(input, context) {
      return { paymentHistory: await paymentHistory(s, context.user) };
    },

    async GetSubscribedEmailLists(input, context) {
      const row = await s.db.selectFrom('email_preferences').selectAll().where('email', '=', context.user.email).executeTakeFirst();
      if (row) return { marketingMessageChannel: row.marketing_message_channel, parentNewsletterMessages: row.parent_newsletter_messages };
      // Never set: what the parent chose at signup (the offers checkbox) holds for both lists.
      const user = await findUserById(s.db, context.user.id);
      const optedIn = user?.confirm_promo_emails ?? false;
      return { marketingMessageChannel: optedIn, parentNewsletterMessages: optedIn };
    },

    async IterableSetEmailPreferences(input, context) {
      const prefs = { marketingMessageChannel: input.marketingMessageChannel, parentNewsletterMessages: input.parentNewsletterMessages };
      const at = s.now();
      await s.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('email_preferences')
          .values({ email: context.user.email, user_id: context.user.id, marketing_message_channel: prefs.marketingMessageChannel, parent_newsletter_messages: prefs.parentNewsletterMessages, updated_at: at })
          .onConflict((oc) =>
            oc.column('email').doUpdateSet({ user_id: context.user.id, marketing_message_channel: prefs.marketingMessageChannel, parent_newsletter_messages: prefs.parentNewsletterMessages, updated_at: at }),
          )
          .execute();
        await enqueue(trx, { type: 'iterableSetEmailPreferences', payload: { userId: context.user.id, email: context.user.email, ...prefs } });
      });
      return prefs;
    },

    async TrackUserEvent(input) {
      await enqueue(s.db, { type: 'iterableTrackEvent', payload: { email: normalizeLogin(input.email), eventName: input.eventName, dataFields: input.dataFields ?? {} } });
      return success;
    },

    GetGeoIp(_input, context) {
      return geoIp(context.request, s.settings.geoCountryHeader);
    },

    async CrmAddCustomer(input) {
      await enqueue(s.db, { type: 'crmAddCustomer', payload: { ...input, email: normalizeLogin(input.email) } });
      return success;
    },

    async CrmUpdateAfterAddClass(input, context) {
      await enqueue(s.db, { type: 'crmUpdateAfterAddClass', payload: { userId: context.user.id, email: context.user.email, productId: input.productId, hs_lead_status: input.hs_lead_status } });
      return success;
    },

    async SendConversionEvent(input, context) {
      const url = new URL(input.event_source_url);
      // Spec §7: skipped on localhost (development and test runs must not reach the ads API).
      if (LOCAL_HOSTS.has(url.hostname)) return { status: 'skipped' };
      url.search = '';
      url.hash = '';
      await enqueue(s.db, {
        type: 'conversionEvent',
        payload: {
          event_name: input.event_name,
          event_time: Math.floor(s.now().getTime() / 1000),
          event_source_url: url.toString(),
          action_source: 'website',
          user_data: { fbp: input.fbp ?? null, fbc: input.fbc ?? null, client_ip_address: context.ip, client_user_agent: context.request.headers['user-agent'] ?? null },
          custom_data: input.custom_data ?? {},
        },
      });
      return { status: 'queued' };
    },
  };
}
