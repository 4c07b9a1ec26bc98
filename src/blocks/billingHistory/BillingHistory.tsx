import { useEffect, useEffectEvent, useState } from 'react';
import type { CallOutput } from '../../contract/index.ts';
import { useCopy, useIntlLocale, useObservable, useRuntime } from '../../runtime/context.tsx';
import { formatDate, formatPrice } from '../accountSections/planView.ts';
import { LoadStatus } from '../LoadStatus.tsx';
import type { BlockProps } from '../types.ts';
import '../accountSections/account.css';

type Payment = CallOutput<'GetPaymentHistory'>['paymentHistory'][number];

/** Billing History: every payment of GetPaymentHistory, newest first; a card per payment on phones. */
export default function BillingHistory({ block }: BlockProps<'billingHistory'>) {
  const rt = useRuntime();
  const t = useCopy();
  const locale = useIntlLocale();
  const session = useObservable(rt.auth.session);
  const tx = (name: string, params?: Record<string, string>) => t(`${block.copy}.${name}`, params);
  const [payments, setPayments] = useState<Payment[] | null | undefined>(undefined);

  // Read again for each session (a new login).
  const loadPayments = useEffectEvent((live: () => boolean) => {
    if (!session) return;
    rt.backend.callFunction('GetPaymentHistory', { customerId: session.objectId }).then(
      (r) => live() && setPayments((r as { paymentHistory: Payment[] }).paymentHistory),
      (e) => {
        console.error('[account] payment history', e);
        if (live()) setPayments(null);
      },
    );
  });
  const sessionToken = session?.sessionToken ?? null;
  useEffect(() => {
    if (sessionToken === null) return;
    let live = true;
    loadPayments(() => live);
    return () => {
      live = false;
    };
  }, [sessionToken]);

  if (payments === undefined) return <LoadStatus />;
  if (payments === null) return <p role="alert">{tx('loadFailed')}</p>;
  if (payments.length === 0) return <p id={block.id}>{tx('empty')}</p>;
  const columns = ['date', 'description', 'amount', 'method', 'status'] as const;
  return (
    <table id={block.id} className="billing-history">
      <caption>{tx('caption')}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {tx(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p.id}>
            <td data-label={tx('date')}>{formatDate(p.date, locale)}</td>
            <td data-label={tx('description')}>{p.description}</td>
            <td data-label={tx('amount')}>${formatPrice(p.amount)}</td>
            <td data-label={tx('method')}>{p.paymentMethod ?? ''}</td>
            <td data-label={tx('status')}>{tx(`state.${p.status}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
