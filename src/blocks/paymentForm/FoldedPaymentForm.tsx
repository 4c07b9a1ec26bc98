/** The form folded behind its button (the account page's 'Edit'), which unfolds it. */
export function FoldedPaymentForm({
  sectionId,
  panelId,
  label,
  onUnfold,
}: {
  sectionId: string | undefined;
  panelId: string;
  label: string;
  onUnfold: () => void;
}) {
  return (
    <section id={sectionId} className="payment payment--folded">
      <p className="button-block">
        <button type="button" className="button button--secondary" aria-expanded={false} aria-controls={panelId} onClick={onUnfold}>
          {label}
        </button>
      </p>
    </section>
  );
}
