import type { CallOutput } from '../../contract/index.ts';
import { useCopy, useIntlLocale, useObservable, useRuntime } from '../../runtime/context.tsx';
import { useBackendQuery } from '../../runtime/data/useBackendQuery.ts';
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
  const history = useBackendQuery('GetPaymentHistory', session ? { customerId: session.objectId } : null);
  const payments: Payment[] | null | undefined =
    history.status === 'loading' ? undefined : history.status === 'ready' ? history.data.paymentHistory : null;

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
