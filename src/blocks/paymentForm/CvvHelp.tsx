import { useState } from 'react';
import type { FormText, PartId } from './setup.ts';

/** 'What is this?' under the security code: a button that shows where to find it. */
export function CvvHelp({ tx, id }: { tx: FormText; id: PartId }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="cvv-help">
      <button
        type="button"
        className="cvv-help__button"
        aria-expanded={open}
        aria-controls={id('cvv-help')}
        onClick={() => setOpen((o) => !o)}
      >
        {tx('cvvHelpButton')}
      </button>
      <p id={id('cvv-help')} className="cvv-help__text" hidden={!open}>
        {tx('cvvHelp')}
      </p>
    </div>
  );
}
