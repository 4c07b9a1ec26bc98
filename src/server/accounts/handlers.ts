/**
 * The account calls of spec §7: login, signup, logout, existence, password and email changes,
 * password reset, customer details, payment history, email preferences, geo-IP and the side
 * effects the browser asks for (events, CRM, conversions), which go to the outbox.
 *
 * Sessions and rate limits are enforced before these run (src/server/functions.ts): a handler
 * of an `auth: 'session'` call gets the parent as `context.user`.
 */
import type { Handlers, SessionCallContext } from '../functions.ts';
import { enqueue } from '../outbox/outbox.ts';
import { customerDetails, paymentHistory } from './customer.ts';
import { geoIp } from './geo.ts';
import { logIn, sessionAnswer, signUp } from './login.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';
import type { AccountServices } from './services.ts';
import { findUserByEmail, findUserById, forbidden, invalidCredentials, normalizeLogin, userAlreadyExists } from './users.ts';

export const accountCallNames = [
  'UserLogin',
  'CreateWebUser',
  'CreateNewWebUser',
  'Logout',
  'GetUserExistsByUsername',
  'ChangePassword',
  'UpdateUserEmail',
  'ChangeUsername',
  'IterableUpdateEmail',
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

/** A session call acting on an email: only the parent's own. */
function ownEmail(context: SessionCallContext, email: string, what: string) {
  if (normalizeLogin(email) !== context.user.email) throw forbidden(`You can only ${what} your own account.`);
}

/** A session call naming a parent: only the caller. */
function ownId(context: SessionCallContext, id: string | undefined, what: string) {
  if (id !== undefined && id !== context.user.id) throw forbidden(`You can only ${what} your own account.`);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

export function accountHandlers(s: AccountServices): Pick<Handlers, AccountCallName> {
  /** Changes the parent's email (and legacy username with it) and tells Iterable through the outbox. */
  const changeEmail = async (context: SessionCallContext, newEmail: string) => {
    const email = normalizeLogin(newEmail);
    const oldEmail = context.user.email;
    if (email === oldEmail) return { email };
    await s.db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, email)) throw userAlreadyExists();
      const changed = await trx
        .updateTable('users')
        .set({ email, updated_at: s.now() })
        .where('id', '=', context.user.id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('users as other').select('other.id').where('other.email', '=', email))))
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw userAlreadyExists();
      // The parent's email preferences follow the address.
      await trx.deleteFrom('email_preferences').where('email', '=', email).where('user_id', 'is', null).execute();
      await trx.updateTable('email_preferences').set({ email, updated_at: s.now() }).where('user_id', '=', context.user.id).execute();
      await enqueue(trx, { type: 'iterableUpdateEmail', payload: { userId: context.user.id, oldEmail, newEmail: email } });
    });
    return { email };
  };

  return {
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

    async ChangePassword(input, context) {
      ownId(context, input.userId, 'change the password of');
      const user = await findUserById(s.db, context.user.id);
      if (!user) throw forbidden('You can only change the password of your own account.');
      if (input.currentPassword !== undefined && !(await s.passwords.verify(input.currentPassword, user.password_hash))) throw invalidCredentials();
      const hash = await s.passwords.hash(input.newPassword);
      await s.db.updateTable('users').set({ password_hash: hash, updated_at: s.now() }).where('id', '=', user.id).execute();
      // Other devices must log in again with the new password; this one stays logged in.
      await s.sessions.revokeAllFor(user.id, context.sessionToken);
      return success;
    },

    async UpdateUserEmail(input, context) {
      if (input.password !== undefined) {
        const user = await findUserById(s.db, context.user.id);
        if (!(await s.passwords.verify(input.password, user?.password_hash ?? null))) throw invalidCredentials();
      }
      return changeEmail(context, input.newUsername);
    },

    async ChangeUsername(input, context) {
      ownEmail(context, input.oldEmail, 'change the email of');
      return changeEmail(context, input.newEmail);
    },

    async IterableUpdateEmail(input, context) {
      // Legacy: sent after ChangeUsername, so the session's email is already the new one.
      const mine = [normalizeLogin(input.oldEmail), normalizeLogin(input.newEmail)].includes(context.user.email);
      if (!mine) throw forbidden('You can only change the email of your own account.');
      await enqueue(s.db, { type: 'iterableUpdateEmail', payload: { userId: context.user.id, oldEmail: normalizeLogin(input.oldEmail), newEmail: normalizeLogin(input.newEmail) } });
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

    async GetCustomerDetails(input, context) {
      ownId(context, input.customerId, 'see the details of');
      return customerDetails(s.db, context.user.id, s.now());
    },

    async GetPaymentHistory(input, context) {
      ownId(context, input.customerId, 'see the payments of');
      return { paymentHistory: await paymentHistory(s.db, context.user.id) };
    },

    async GetSubscribedEmailLists(input, context) {
      ownEmail(context, input.email, 'see the email preferences of');
      const row = await s.db.selectFrom('email_preferences').selectAll().where('email', '=', context.user.email).executeTakeFirst();
      if (row) return { marketingMessageChannel: row.marketing_message_channel, parentNewsletterMessages: row.parent_newsletter_messages };
      // Never set: what the parent chose at signup (the offers checkbox) holds for both lists.
      const user = await findUserById(s.db, context.user.id);
      const optedIn = user?.confirm_promo_emails ?? false;
      return { marketingMessageChannel: optedIn, parentNewsletterMessages: optedIn };
    },

    async IterableSetEmailPreferences(input, context) {
      ownEmail(context, input.email, 'change the email preferences of');
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
      ownEmail(context, input.email, 'update');
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
