import { useEffect, useRef } from 'react';
import { useCopy, useObservable, useRuntime } from '../context.tsx';
import { RichText } from './RichText.tsx';

/**
 * The shared info popup: a modal dialog with its text and 'Ok'. `showModal()`
 * makes the page behind it inert and moves focus into it; Escape counts as 'Ok'.
 */
export function InfoPopup() {
  const rt = useRuntime();
  const t = useCopy();
  const current = useObservable(rt.popup);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (current && !dialog.open) dialog.showModal?.();
    if (!current && dialog.open) dialog.close();
  }, [current]);
  return (
    <dialog
      ref={ref}
      className="popup"
      aria-labelledby="info-popup-text"
      onCancel={(e) => {
        e.preventDefault();
        rt.popup.close();
      }}
    >
      {current && (
        <>
          <p id="info-popup-text" className="popup__text">
            <RichText text={t(current.text, current.params)} />
          </p>
          <p className="popup__actions">
            {/* biome-ignore lint/a11y/noAutofocus: the modal dialog's one action takes the focus when it opens */}
            <button type="button" className="button button--primary" autoFocus onClick={() => rt.popup.close()}>
              {t(rt.config.app.infoPopup.ok)}
            </button>
          </p>
        </>
      )}
    </dialog>
  );
}
