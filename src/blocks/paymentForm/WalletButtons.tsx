import type { RefObject } from 'react';
import type { FormText, Wallet } from './setup.ts';

interface WalletButtonsProps {
  wallets: Wallet[];
  tx: FormText;
  busy: boolean;
  paypal: { box: RefObject<HTMLDivElement | null>; holdsButton: boolean; open: boolean; broken: boolean };
  onPay: (wallet: Wallet) => void;
}

/** The other ways to pay: a button each, PayPal's own button where the adapter draws it. */
export function WalletButtons({ wallets, tx, busy, paypal, onPay }: WalletButtonsProps) {
  return (
    <ul className="payment__wallets">
      {wallets.map((w) =>
        w === 'paypal' && paypal.broken ? null : w === 'paypal' && paypal.holdsButton ? (
          <li key={w}>
            {/* PayPal's own button, drawn here by the adapter; out of reach while another payment is under way. */}
            <div ref={paypal.box} className="payment__paypal" inert={(busy && !paypal.open) || undefined} />
          </li>
        ) : (
          <li key={w}>
            <button type="button" className={`button button--secondary wallet wallet--${w}`} disabled={busy} onClick={() => onPay(w)}>
              {tx(w)}
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
