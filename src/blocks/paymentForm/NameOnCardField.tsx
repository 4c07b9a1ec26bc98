import type { FormText, PartId } from './setup.ts';
import type { Cardholder } from './useCardholderName.ts';

/** The name on the card: an input of ours (the adapter's fields hold the card's own data). */
export function NameOnCardField({ cardholder, tx, id }: { cardholder: Cardholder; tx: FormText; id: PartId }) {
  const { invalid } = cardholder;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id('cardholderName')}>{tx('nameOnCard')}</label>
      <input
        ref={cardholder.input}
        id={id('cardholderName')}
        type="text"
        autoComplete="cc-name"
        value={cardholder.name}
        aria-required
        aria-invalid={invalid || undefined}
        onChange={(e) => cardholder.change(e.currentTarget.value)}
      />
    </div>
  );
}
