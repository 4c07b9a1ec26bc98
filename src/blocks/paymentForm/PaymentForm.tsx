import { useId, useRef } from 'react';
import { useCopy, useRuntime } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';
import { CardForm } from './CardForm.tsx';
import { FoldedPaymentForm } from './FoldedPaymentForm.tsx';
import { MethodSections } from './MethodSections.tsx';
import { MethodTabs } from './MethodTabs.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { offerAmount } from './offers.ts';
import { ProcessingDialog } from './ProcessingDialog.tsx';
import { type FormText, formLayout } from './setup.ts';
import { useCardholderName } from './useCardholderName.ts';
import { useCheckoutCharge } from './useCheckoutCharge.ts';
import { useFolding } from './useFolding.ts';
import { useMethodTabs } from './useMethodTabs.ts';
import { usePaymentNotices } from './usePaymentNotices.ts';
import { usePaymentOffer } from './usePaymentOffer.ts';
import { usePaymentSession } from './usePaymentSession.ts';
import { usePaymentSubmit } from './usePaymentSubmit.ts';
import { usePaymentTurn } from './usePaymentTurn.ts';
import { usePayPalButton } from './usePayPalButton.ts';
import { type TodayCharge, useTodayCharge } from './useTodayCharge.ts';
import { WalletButtons } from './WalletButtons.tsx';
import './payment.css';

export { PAYMENT_REJECTED_EVENT } from './setup.ts';

/**
 * The payment form (its own chunk, with the payment adapter's code fetched after it): card
 * fields of the adapter the server names, the wallets, the offer being bought, and `onPay:`.
 *
 * Paying: the name on the card is checked, the adapter tokenizes (its failures show the
 * provider messages of copy/en/payment.yaml), then `onPay:` runs with `payment.*`. Its charge call (the one with
 * `idempotent: true`) goes out under the checkout attempt's key (src/runtime/checkout.ts): a
 * double click sends nothing more, a request without an answer goes again as it was (also
 * after a reload, when the form finds it on opening), and a refusal ends the attempt.
 *
 * PayPal opens its window only from its own button: once the PayPal option shows, the adapter
 * draws that button into a container of the form, and the parent's approval there runs the
 * same pay step; after any outcome the form offers the button again (./usePayPalButton.ts).
 */
export default function PaymentForm({ block }: BlockProps<'paymentForm'>) {
  const rt = useRuntime();
  const t = useCopy();
  const tx: FormText = (name, params) => t(`${block.copy}.${name}`, params);
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const base = block.id ?? `payment-${uid}`;
  const id = (part: string) => `${base}-${part}`;
  const layout = formLayout(block);
  // The card form is named by its tab, else by its title; unfolded, the form's focus goes there.
  const cardTitleId = layout.tabs ? id('tab-card') : id('card-title');

  const folding = useFolding(block.editLabel !== undefined, cardTitleId);
  const notices = usePaymentNotices(block);
  const cardholder = useCardholderName();
  const todayRef = useRef<TodayCharge | null>(null);
  const charge = useCheckoutCharge(block, cardholder.name, notices, (offerId, dollars) => todayRef.current?.serverSaid(offerId, dollars));
  const found = usePaymentOffer(block, (offer) => void charge.run(block.onOffer, charge.paymentValues(null, offer)));
  const today = useTodayCharge(block, found.offer);
  todayRef.current = today;
  const { offer } = today;
  const known = found.known && today.known;
  const session = usePaymentSession({ block, layout, shown: folding.expanded, tx, id, notices });
  const tabs = useMethodTabs(id);
  const turn = usePaymentTurn();
  const wallet = { amount: offer ? offerAmount(offer) : '0.00', label: t(rt.config.app.productName) };
  const pay = usePaymentSubmit({ block, layout, offer, today, wallet, session, cardholder, charge, turn, notices });
  const paypal = usePayPalButton({
    adapter: session.adapter,
    available: session.wallets.includes('paypal'),
    shown: !layout.tabs || tabs.tab === 'other' || tabs.otherSeen,
    offerRequired: block.offerRequired ?? true,
    hasOffer: offer !== null,
    ...wallet,
    turn,
    notices,
    onApproved: pay.payWithPayPal,
  });

  if (!folding.expanded)
    return <FoldedPaymentForm sectionId={block.id} panelId={id('panel')} label={t(block.editLabel!)} onUnfold={folding.unfold} />;

  const cardForm = (
    <CardForm
      block={block}
      layout={layout}
      tx={tx}
      id={id}
      labelledBy={cardTitleId}
      session={session}
      cardholder={cardholder}
      busy={turn.busy}
      onSubmit={pay.submit}
    />
  );
  const walletButtons = session.wallets.length > 0 && (
    <WalletButtons wallets={session.wallets} tx={tx} busy={turn.busy} paypal={paypal} onPay={pay.payWith} />
  );
  return (
    <section id={block.id} className={`payment payment--${layout.style}`} aria-busy={!known || undefined}>
      <div id={id('panel')}>
        <OrderSummary block={block} offer={offer} todayCents={today.todayCents} />
        {layout.tabs ? (
          <MethodTabs state={tabs} tx={tx} id={id} card={cardForm} other={walletButtons} />
        ) : (
          <MethodSections tx={tx} id={id} card={cardForm} other={walletButtons} />
        )}
        <p className="text text--small payment__secure">{tx('secure')}</p>
      </div>
      {layout.style === 'checkout' && <ProcessingDialog open={charge.processing} tx={tx} id={id} />}
    </section>
  );
}
