/**
 * The account calls that are neither logins, credential changes nor resets (login.ts,
 * credentialChanges.ts, passwordReset.ts): whether an email has an account, email preferences,
 * and the side effects the browser asks for (events, CRM, conversions), which go to the outbox.
 */
import type { AuthUser, HandlerInput } from '../functions.ts';
import { enqueue } from '../outbox/outbox.ts';
import { type EmailPreferences, findEmailPreferences, findUserById, isEmailTaken, upsertEmailPreferences } from './repository.ts';
import type { AccountServices } from './services.ts';
import { normalizeLogin } from './users.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

export const hasAccount = (s: AccountServices, username: string): Promise<boolean> => isEmailTaken(s.db, normalizeLogin(username));

export async function emailPreferencesOf(s: AccountServices, user: AuthUser): Promise<EmailPreferences> {
  const kept = await findEmailPreferences(s.db, user.email);
  if (kept) return kept;
  // Never set: what the parent chose at signup (the offers checkbox) holds for both lists.
  const account = await findUserById(s.db, user.id);
  const optedIn = account?.confirm_promo_emails ?? false;
  return { marketingMessageChannel: optedIn, parentNewsletterMessages: optedIn };
}

/** Keeps the parent's choice and tells the CRM, in one transaction. */
export async function setEmailPreferences(s: AccountServices, user: AuthUser, prefs: EmailPreferences): Promise<void> {
  const at = s.now();
  await s.db.transaction().execute(async (trx) => {
    await upsertEmailPreferences(trx, { email: user.email, userId: user.id, ...prefs, at });
    await enqueue(trx, { type: 'iterableSetEmailPreferences', payload: { userId: user.id, email: user.email, ...prefs } });
  });
}

export async function queueUserEvent(s: AccountServices, event: HandlerInput<'TrackUserEvent'>): Promise<void> {
  await enqueue(s.db, {
    type: 'iterableTrackEvent',
    payload: { email: normalizeLogin(event.email), eventName: event.eventName, dataFields: event.dataFields ?? {} },
  });
}

export async function queueCrmCustomer(s: AccountServices, customer: HandlerInput<'CrmAddCustomer'>): Promise<void> {
  await enqueue(s.db, { type: 'crmAddCustomer', payload: { ...customer, email: normalizeLogin(customer.email) } });
}

export async function queueCrmAddedClass(s: AccountServices, user: AuthUser, added: HandlerInput<'CrmUpdateAfterAddClass'>): Promise<void> {
  await enqueue(s.db, {
    type: 'crmUpdateAfterAddClass',
    payload: { userId: user.id, email: user.email, productId: added.productId, hs_lead_status: added.hs_lead_status },
  });
}

/** Queues the ads API's conversion event; 'skipped' for a page on a local host. */
export async function queueConversionEvent(
  s: AccountServices,
  event: HandlerInput<'SendConversionEvent'>,
  client: { ip: string; userAgent: string | null },
): Promise<'skipped' | 'queued'> {
  const url = new URL(event.event_source_url);
  // Skipped on localhost (development and test runs must not reach the ads API).
  if (LOCAL_HOSTS.has(url.hostname)) return 'skipped';
  url.search = '';
  url.hash = '';
  await enqueue(s.db, {
    type: 'conversionEvent',
    payload: {
      event_name: event.event_name,
      event_time: Math.floor(s.now().getTime() / 1000),
      event_source_url: url.toString(),
      action_source: 'website',
      user_data: { fbp: event.fbp ?? null, fbc: event.fbc ?? null, client_ip_address: client.ip, client_user_agent: client.userAgent },
      custom_data: event.custom_data ?? {},
    },
  });
  return 'queued';
}
