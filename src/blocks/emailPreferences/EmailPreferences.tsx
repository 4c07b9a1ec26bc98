import { type FormEvent, useId, useState } from 'react';
import { useCopy, useObservable, useRuntime } from '../../runtime/context.tsx';
import { useBackendData } from '../../runtime/data/useBackendData.ts';
import { useBackendQuery } from '../../runtime/data/useBackendQuery.ts';
import { LoadStatus } from '../LoadStatus.tsx';
import type { BlockProps } from '../types.ts';
import '../accountSections/account.css';

type Lists = { marketingMessageChannel: boolean; parentNewsletterMessages: boolean };

/**
 * Notification Settings: the account email (from the server, so a changed email shows at once), and the two
 * lists with a Save button.
 */
export default function EmailPreferences({ block }: BlockProps<'emailPreferences'>) {
  const rt = useRuntime();
  const data = useBackendData();
  const t = useCopy();
  const session = useObservable(rt.auth.session);
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const base = block.id ?? `prefs-${uid}`;
  const tx = (name: string, params?: Record<string, string>) => t(`${block.copy}.${name}`, params);
  const [saving, setSaving] = useState(false);
  // The account email from the server (a changed email shows at once), then its lists.
  const details = useBackendQuery('GetCustomerDetails', session ? { customerId: session.objectId } : null);
  const email = details.status === 'ready' ? details.data.customerData.email : null;
  const prefs = useBackendQuery('GetSubscribedEmailLists', email ? { email } : null);
  /** The boxes as the parent ticked them, over the lists as read (per email). */
  const [edited, setEdited] = useState<{ email: string; lists: Lists } | null>(null);
  const lists: Lists | null | undefined =
    details.status === 'failed' || prefs.status === 'failed'
      ? null
      : edited && edited.email === email
        ? edited.lists
        : prefs.status === 'ready'
          ? { marketingMessageChannel: prefs.data.marketingMessageChannel, parentNewsletterMessages: prefs.data.parentNewsletterMessages }
          : undefined;
  const setLists = (next: Lists) => email && setEdited({ email, lists: next });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!lists || !email || saving) return;
    setSaving(true);
    try {
      const saved = (await data.call('IterableSetEmailPreferences', { email, ...lists })) as Lists;
      setLists({ marketingMessageChannel: saved.marketingMessageChannel, parentNewsletterMessages: saved.parentNewsletterMessages });
      rt.notifications.show({ text: `${block.copy}.saved`, literal: false, params: {}, level: 'success', ms: 5000 });
    } catch (err) {
      const message = (err as { message?: unknown }).message;
      rt.notifications.show(
        typeof message === 'string' && message
          ? { text: message, literal: true, params: {}, level: 'error', ms: 5000 }
          : { text: 'common:somethingWentWrong', literal: false, params: {}, level: 'error', ms: 5000 },
      );
    } finally {
      setSaving(false);
    }
  };

  if (lists === undefined) return <LoadStatus />;
  if (lists === null) return <p role="alert">{tx('loadFailed')}</p>;
  const names = ['marketingMessageChannel', 'parentNewsletterMessages'] as const;
  return (
    <form id={block.id} className="form email-preferences" noValidate onSubmit={(e) => void save(e)}>
      <p>{tx('email', { email: email ?? '' })}</p>
      <fieldset>
        <legend>{tx('legend')}</legend>
        {names.map((n) => (
          <div key={n} className="field field--checkbox">
            <input
              id={`${base}-${n}`}
              type="checkbox"
              checked={lists[n]}
              onChange={(ev) => setLists({ ...lists, [n]: ev.currentTarget.checked })}
            />
            <label htmlFor={`${base}-${n}`}>{tx(n)}</label>
          </div>
        ))}
      </fieldset>
      <p className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving || undefined}>
          {tx(saving ? 'saving' : 'save')}
        </button>
      </p>
    </form>
  );
}
