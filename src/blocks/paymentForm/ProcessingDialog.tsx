import { useEffect, useRef } from 'react';
import type { FormText, PartId } from './setup.ts';

/** The processing popup: a modal dialog while the order is under way, which Escape does not close. */
export function ProcessingDialog({ open, tx, id }: { open: boolean; tx: FormText; id: PartId }) {
  const dialog = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="payment__processing"
      aria-labelledby={id('processing-title')}
      aria-describedby={id('processing-text')}
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id={id('processing-title')} className="payment__processing-title" tabIndex={-1}>
        {tx('processingTitle')}
      </h2>
      <p id={id('processing-text')}>{tx('processing')}</p>
      <span className="spinner spinner--large" aria-hidden="true" />
    </dialog>
  );
}
