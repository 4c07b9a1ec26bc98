import { type FormEvent, useEffect, useEffectEvent, useId, useState } from 'react';
import type { CustomerDetails } from '../../contract/entities.ts';
import { useCopy, useObservable, useRuntime } from '../../runtime/context.tsx';
import { LoadStatus } from '../LoadStatus.tsx';
import type { BlockProps } from '../types.ts';
import '../accountSections/account.css';

type Lists = { marketingMessageChannel: boolean; parentNewsletterMessages: boolean };

/**
 * Notification Settings: the account email (from the
 * server, so a changed email shows at once), and the two lists with a Save button.
 */
export default function EmailPreferences({ block }: BlockProps<'emailPreferences'>) {
  const rt = useRuntime();
  const t = useCopy();
  const session = useObservable(rt.auth.session);
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const base = block.id ?? `prefs-${uid}`;
  const tx = (name: string, params?: Record<string, string>) => t(`${block.copy}.${name}`, params);
  const [email, setEmail] = useState<string | null>(null);
  const [lists, setLists] = useState<Lists | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  // Read again for each session (a new login).
  const loadPreferences = useEffectEvent((live: () => boolean) => {
    if (!session) return;
    void (async () => {
      try {
        const details = (await rt.backend.callFunction('GetCustomerDetails', { customerId: session.objectId })) as CustomerDetails;
        const address = details.customerData.email;
        if (live()) setEmail(address);
        const prefs = (await rt.backend.callFunction('GetSubscribedEmailLists', { email: address })) as Lists;
        if (live())
          setLists({ marketingMessageChannel: prefs.marketingMessageChannel, parentNewsletterMessages: prefs.parentNewsletterMessages });
      } catch (e) {
        console.error('[account] email preferences', e);
        if (live()) setLists(null);
      }
    })();
  });
  const sessionToken = session?.sessionToken ?? null;
  useEffect(() => {
    if (sessionToken === null) return;
    let live = true;
    loadPreferences(() => live);
    return () => {
      live = false;
    };
  }, [sessionToken]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!lists || !email || saving) return;
    setSaving(true);
    try {
      const saved = (await rt.backend.callFunction('IterableSetEmailPreferences', { email, ...lists })) as Lists;
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
