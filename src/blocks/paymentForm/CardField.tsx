import type { Ref } from 'react';
import { CvvHelp } from './CvvHelp.tsx';
import { type FormText, fieldLabel, type HostedFieldName, type PartId } from './setup.ts';

/**
 * A card field the adapter draws into its box (an input of ours in the sandbox, an iframe with
 * braintree); its label focuses it, as a label does its input.
 */
export function CardField(props: {
  field: HostedFieldName;
  tx: FormText;
  id: PartId;
  format: string | null;
  box: Ref<HTMLDivElement>;
  onLabelClick: () => void;
}) {
  const { field: f, tx, id, format } = props;
  return (
    <div className="field card-field">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click focuses a field in another frame, as a label would; keys tab there */}
      <label htmlFor={id(f)} id={id(`${f}-label`)} onClick={props.onLabelClick}>
        {tx(fieldLabel[f])}
        {format && <span className="card-field__format"> ({format})</span>}
      </label>
      <div className="card-field__box" ref={props.box} />
      {f === 'cvv' && <CvvHelp tx={tx} id={id} />}
    </div>
  );
}
