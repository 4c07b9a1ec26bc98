import type { FormEvent } from 'react';
import { CardField } from './CardField.tsx';
import { NameOnCardField } from './NameOnCardField.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { expirationFormatKey, type FormLayout, type FormText, type PartId, type PaymentFormConfig } from './setup.ts';
import type { Cardholder } from './useCardholderName.ts';
import type { PaymentSession } from './usePaymentSession.ts';

interface CardFormProps {
  block: PaymentFormConfig;
  layout: FormLayout;
  tx: FormText;
  id: PartId;
  /** The id of what names the form: its tab, or its title. */
  labelledBy: string;
  session: PaymentSession;
  cardholder: Cardholder;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
}

/** The card form: the block's fields in their order, and Join Now. */
export function CardForm({ block, layout, tx, id, labelledBy, session, cardholder, busy, onSubmit }: CardFormProps) {
  return (
    <form className="form payment__card" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {layout.fields.map((f) =>
        f === 'cardholderName' ? (
          <NameOnCardField key={f} cardholder={cardholder} tx={tx} id={id} />
        ) : (
          <CardField
            key={f}
            field={f}
            tx={tx}
            id={id}
            format={f === 'expirationDate' ? tx(expirationFormatKey(block)) : null}
            box={session.box(f)}
            onLabelClick={() => session.cardFields?.focus(f)}
          />
        ),
      )}
      <SubmitButton label={tx('submit')} busy={busy} ready={session.cardFields !== null} spinner={layout.style === 'classes'} />
    </form>
  );
}
