import { useCopy, useObservable, useRuntime } from '../../runtime/context.tsx';
import { useBackendQuery } from '../../runtime/data/useBackendQuery.ts';
import type { BlockProps } from '../types.ts';

interface PaymentInfo {
  paymentType: string;
  cardType: string | null;
  last4: string | null;
  expirationDate: string | null;
}

/** The payment method on file: 'Visa ending in 1111', its expiry; 'PayPal'; or that there is none. */
export default function PaymentMethod({ block }: BlockProps<'paymentMethod'>) {
  const rt = useRuntime();
  const t = useCopy();
  const session = useObservable(rt.auth.session);
  const details = useBackendQuery('GetCustomerDetails', session ? { customerId: session.objectId } : null);
  const info: PaymentInfo | null | undefined =
    details.status === 'loading'
      ? undefined
      : details.status === 'ready'
        ? ((details.data.paymentInfo as PaymentInfo | null) ?? null)
        : null;
  const tx = (name: string, params?: Record<string, string>) => t(`${block.copy}.${name}`, params);

  if (info === undefined) return null;
  let method: string;
  if (!info) method = tx('none');
  else if (info.paymentType === 'PayPal') method = tx('paypal');
  else if (info.paymentType === 'ApplePay' && !info.last4) method = tx('applePay');
  else if (info.paymentType === 'GooglePay' && !info.last4) method = tx('googlePay');
  else method = tx('card', { cardType: info.cardType ?? '', lastFour: info.last4 ?? '' });
  return (
    <dl id={block.id} className="payment-method">
      <dt>{tx('label')}</dt>
      <dd>{method}</dd>
      {info?.expirationDate && <dd>{tx('expires', { date: info.expirationDate })}</dd>}
    </dl>
  );
}
